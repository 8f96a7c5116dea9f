import type {
	AddOn,
	Appointment,
	AppointmentType,
	ClassInstance,
	Client,
	Location,
	SiteData,
	Staff,
} from '../data/types';

/** Lookups by id: every handler resolves references the same way. */
export const byId = <T extends { Id: number }>(list: readonly T[], id: number | undefined): T | undefined =>
	id === undefined ? undefined : list.find((row) => row.Id === id);

export const staffView = (staff: Staff) => ({
	Id: staff.Id,
	FirstName: staff.FirstName,
	LastName: staff.LastName,
	DisplayName: staff.DisplayName,
	Email: staff.Email,
	Bio: staff.Bio,
	ImageUrl: staff.ImageUrl,
	Gender: staff.Gender,
	IsIndependentContractor: staff.IsIndependentContractor,
	AlwaysAllowDoubleBooking: staff.AlwaysAllowDoubleBooking,
	LocationIds: staff.LocationIds,
});

export const clientView = (client: Client) => ({
	Id: client.Id,
	ClientId: client.ClientId,
	FirstName: client.FirstName,
	LastName: client.LastName,
	Email: client.Email,
	MobilePhone: client.MobilePhone,
	HomeLocationId: client.HomeLocationId,
	Status: client.Status,
});

export const smallLocationView = (location: Location) => ({
	Id: location.Id,
	Name: location.Name,
	AddressLine1: location.AddressLine1,
	City: location.City,
	StateProvCode: location.StateProvCode,
	PostalCode: location.PostalCode,
	Phone: location.Phone,
});

/** An appointment with the ids of its add-ons. */
export const appointmentView = (site: SiteData, appointment: Appointment) => ({
	...appointment,
	ResourceIds: [...appointment.ResourceIds],
	AddOnIds: site.addOns.filter((addOn) => addOn.AppointmentId === appointment.Id).map((addOn) => addOn.Id),
});

export const addOnView = (addOn: AddOn) => ({ ...addOn });

export const appointmentTypeView = (type: AppointmentType) => ({ ...type });

/** Consumer-visible appointment types: active, consumer-mode, not add-ons. */
export const isConsumerType = (type: AppointmentType) => type.Active && type.ConsumerMode && !type.IsAddOn;

/**
 * A class instance as the V6 class list shows it. Capacity fields are null when the caller may
 * not see open spaces; the stream link only for hosted live streams not yet started.
 */
export function classView(site: SiteData, instance: ClassInstance, showCapacity: boolean, now: number) {
	const description = byId(site.classDescriptions, instance.ClassDescriptionId)!;
	const program = byId(site.programs, description.ProgramId)!;
	const location = byId(site.locations, instance.LocationId)!;
	const staff = byId(site.staff, instance.StaffId)!;
	const capacity = (value: number) => (showCapacity ? value : null);
	const hostedAndAhead =
		instance.ContentFormat === 'LiveStream:Mindbody-hosted' && Date.parse(instance.StartDateTime) > now;
	return {
		Id: instance.Id,
		ClassScheduleId: instance.ClassScheduleId,
		StartDateTime: instance.StartDateTime,
		EndDateTime: instance.EndDateTime,
		IsCanceled: instance.IsCanceled,
		IsSubstitute: instance.IsSubstitute,
		ContentFormat: instance.ContentFormat,
		MaxCapacity: capacity(instance.MaxCapacity),
		TotalBooked: capacity(instance.TotalBooked),
		TotalBookedWaitlist: capacity(instance.TotalBookedWaitlist),
		TotalWebBooked: capacity(instance.TotalWebBooked),
		WebCapacity: capacity(instance.WebCapacity),
		VirtualStreamLink: hostedAndAhead ? instance.StreamLink : null,
		ClassDescription: {
			Id: description.Id,
			Name: description.Name,
			Description: description.Description,
			CategoryId: description.CategoryId,
			SubcategoryId: description.SubcategoryId,
			Program: { ...program },
		},
		Location: smallLocationView(location),
		Staff: {
			Id: staff.Id,
			DisplayName: staff.DisplayName,
			FirstName: staff.FirstName,
			LastName: staff.LastName,
		},
	};
}

import type { IDataObject } from 'n8n-workflow';

/**
 * The webhook events' eventData built from the v6 records a poll reads, so a workflow reads the
 * same fields whichever trigger starts it. Every field of the event is present; one the record
 * does not hold is null (the webhook trigger's README section lists them).
 */

const obj = (value: unknown) => (value && typeof value === 'object' ? (value as IDataObject) : {});
const list = (value: unknown) => (Array.isArray(value) ? (value as IDataObject[]) : []);
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const flag = (value: unknown) => value === true;
const numberOr = (value: unknown, fallback: number | null = null) =>
	typeof value === 'number'
		? value
		: value !== null && value !== '' && !Number.isNaN(Number(value))
			? Number(value)
			: fallback;

/** client.created / client.updated from a v6 Client (ClientWithSuspensionInfo). */
export function clientEventData(client: IDataObject, siteId: number): IDataObject {
	const card = client.ClientCreditCard ? obj(client.ClientCreditCard) : undefined;
	const released = flag(client.LiabilityRelease);
	return {
		siteId,
		clientUniqueId: numberOr(client.UniqueId),
		clientId: text(client.Id),
		creationDateTime: text(client.CreationDate),
		status: text(client.Status),
		firstName: text(client.FirstName),
		lastName: text(client.LastName),
		email: text(client.Email),
		mobilePhone: text(client.MobilePhone),
		homePhone: text(client.HomePhone),
		workPhone: text(client.WorkPhone),
		addressLine1: text(client.AddressLine1),
		addressLine2: text(client.AddressLine2),
		city: text(client.City),
		state: text(client.State),
		postalCode: text(client.PostalCode),
		country: text(client.Country),
		birthDateTime: text(client.BirthDate),
		gender: text(client.Gender),
		appointmentGenderPreference: text(client.AppointmentGenderPreference ?? 'None'),
		firstAppointmentDateTime: text(client.FirstAppointmentDate),
		referredBy: text(client.ReferredBy),
		isProspect: flag(client.IsProspect),
		isCompany: flag(client.IsCompany),
		isLiabilityReleased: released,
		liabilityAgreementDateTime: released ? text(obj(client.Liability).AgreementDate) : '',
		homeLocation: numberOr(obj(client.HomeLocation).Id),
		// Not in the client list: the visit count, the index names and the bank account.
		clientNumberOfVisitsAtSite: null,
		indexes: null,
		sendPromotionalEmails: flag(client.SendPromotionalEmails),
		sendScheduleEmails: flag(client.SendScheduleEmails),
		sendAccountEmails: flag(client.SendAccountEmails),
		sendPromotionalTexts: flag(client.SendPromotionalTexts),
		sendScheduleTexts: flag(client.SendScheduleTexts),
		sendAccountTexts: flag(client.SendAccountTexts),
		creditCardLastFour: text(card?.LastFour),
		directDebitLastFour: null,
		creditCardExpDate: card ? `${text(card.ExpMonth)}/${text(card.ExpYear)}` : '',
		notes: text(client.Notes).slice(0, 1000),
		photoUrl: text(client.PhotoUrl),
		// A poll sees the new address only, not the one it replaced.
		previousEmail: null,
	};
}

/** clientSale.created from a v6 Sale. */
export function saleEventData(sale: IDataObject, siteId: number): IDataObject {
	const payments = list(sale.Payments);
	return {
		siteId,
		saleId: numberOr(sale.Id),
		soldById: numberOr(sale.SalesRepId),
		locationId: numberOr(sale.LocationId),
		totalAmountPaid: payments.reduce((sum, payment) => sum + (numberOr(payment.Amount, 0) ?? 0), 0),
		purchasingClientId: text(sale.ClientId),
		// The sale names its staff member by ID only.
		soldByName: null,
		saleDateTime: text(sale.SaleDateTime),
		payments: payments.map((payment) => ({
			paymentId: numberOr(payment.Id),
			paymentMethodId: numberOr(payment.Method),
			paymentMethodName: text(payment.Type),
			paymentAmountPaid: numberOr(payment.Amount, 0),
			paymentLastFour: null,
			paymentNotes: payment.Notes === undefined ? null : (payment.Notes as string | null),
		})),
		items: list(sale.PurchasedItems).map((item) => ({
			itemId: numberOr(item.Id),
			type: item.IsService ? 'Service' : item.ContractId ? 'Contract' : 'Product',
			name: text(item.Description),
			amountPaid: numberOr(item.TotalAmount, 0),
			amountDiscounted: numberOr(item.DiscountAmount, 0),
			quantity: numberOr(item.Quantity, 0),
			recipientClientId: text(sale.RecipientClientId ?? sale.ClientId),
			paymentReferenceId: numberOr(item.PaymentRefId),
		})),
	};
}

/** clientContract.created from a v6 ClientContract and the sale that sold it. */
export function contractEventData(contract: IDataObject, sale: IDataObject, siteId: number): IDataObject {
	return {
		siteId: numberOr(contract.SiteId, siteId),
		clientUniqueId: numberOr(sale.RecipientClientId),
		// A sale the client made themselves names no staff member (0).
		contractSoldByStaffId: numberOr(sale.SalesRepId) || null,
		contractOriginationLocation: numberOr(contract.OriginationLocationId ?? sale.LocationId),
		contractId: numberOr(contract.ContractID),
		clientContractId: numberOr(contract.Id),
		clientId: text(sale.ClientId),
		// Neither the contract nor the sale holds the client's or the seller's names.
		clientFirstName: null,
		clientLastName: null,
		clientEmail: null,
		contractSoldByStaffFirstName: null,
		contractSoldByStaffLastName: null,
		contractName: text(contract.ContractName),
		agreementDateTime: text(contract.AgreementDate),
		contractStartDateTime: text(contract.StartDate),
		contractEndDateTime: text(contract.EndDate),
		isAutoRenewing: flag(contract.AutoRenewing),
	};
}

const SIGNED_IN_STATUS: Record<string, string> = { Arrived: 'SignedIn', Completed: 'SignedIn' };

/** classRosterBooking.created from a v6 Class and one of its Visits. */
export function bookingEventData(visit: IDataObject, classRecord: IDataObject, siteId: number): IDataObject {
	const staff = obj(classRecord.Staff);
	const service = visit.Service ? obj(visit.Service) : undefined;
	return {
		siteId: numberOr(visit.SiteId, siteId),
		locationId: numberOr(visit.LocationId ?? obj(classRecord.Location).Id),
		classId: numberOr(visit.ClassId ?? classRecord.Id),
		classRosterBookingId: numberOr(visit.Id),
		staffId: numberOr(visit.StaffId ?? staff.Id),
		classStartDateTime: text(classRecord.StartDateTime ?? visit.StartDateTime),
		classEndDateTime: text(classRecord.EndDateTime ?? visit.EndDateTime),
		signedInStatus: visit.SignedIn ? 'SignedIn' : (SIGNED_IN_STATUS[text(visit.AppointmentStatus)] ?? 'NotSignedIn'),
		staffName: `${text(staff.FirstName)} ${text(staff.LastName)}`.trim() || text(staff.DisplayName),
		maxCapacity: numberOr(classRecord.MaxCapacity),
		webCapacity: numberOr(classRecord.WebCapacity),
		totalBooked: numberOr(classRecord.TotalBooked),
		webBooked: numberOr(classRecord.WebBooked),
		totalWaitlisted: numberOr(classRecord.TotalBookedWaitlist),
		clientId: text(visit.ClientId),
		clientUniqueId: numberOr(visit.ClientUniqueId),
		// A visit names its client by ID only.
		clientFirstName: null,
		clientLastName: null,
		clientEmail: null,
		clientPhone: null,
		clientPassId: service ? text(service.Id) : null,
		clientPassSessionsTotal: service ? numberOr(service.Count) : null,
		clientPassSessionsDeducted: service ? numberOr(service.Count, 0)! - (numberOr(service.Remaining, 0) ?? 0) : null,
		clientPassSessionsRemaining: service ? numberOr(service.Remaining) : null,
		clientPassActivationDateTime: service ? text(service.ActiveDate) : null,
		clientPassExpirationDateTime: service ? text(service.ExpirationDate) : null,
		bookingOriginatedFromWaitlist: null,
		clientsNumberOfVisitsAtSite: null,
		// Booked without a pass: no item, as the webhook says it (0 and '').
		itemId: numberOr(visit.ProductId ?? service?.ProductId, 0),
		itemName: text(visit.ServiceName),
		itemSiteId: null,
	};
}

/** appointmentBooking.created / .updated from a v6 Appointment. */
export function appointmentEventData(appointment: IDataObject, siteId: number): IDataObject {
	const staff = obj(appointment.Staff);
	const status = text(appointment.Status);
	return {
		siteId,
		appointmentId: numberOr(appointment.Id),
		status,
		isConfirmed: status === 'Confirmed',
		hasArrived: status === 'Arrived' || status === 'Completed',
		locationId: numberOr(appointment.LocationId),
		clientId: text(appointment.ClientId),
		// An appointment names its client by ID only.
		clientFirstName: null,
		clientLastName: null,
		clientEmail: null,
		clientPhone: null,
		staffId: numberOr(appointment.StaffId ?? staff.Id),
		staffFirstName: text(staff.FirstName),
		staffLastName: text(staff.LastName),
		startDateTime: text(appointment.StartDateTime),
		endDateTime: text(appointment.EndDateTime),
		durationMinutes: numberOr(appointment.Duration),
		genderRequested: text(appointment.GenderPreference ?? 'None'),
		resources: list(appointment.Resources).map((resource) => ({
			id: numberOr(resource.Id),
			name: text(resource.Name),
		})),
		notes: text(appointment.Notes),
		formulaNotes: null,
		icdCodes: null,
		providerId: text(appointment.ProviderId),
		sessionTypeId: numberOr(appointment.SessionTypeId),
		// The record names its session type by ID only.
		appointmentName: null,
	};
}

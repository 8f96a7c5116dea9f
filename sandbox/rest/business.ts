import { inclusiveEnd, isoAt, overlaps } from '../data/dates';
import type { BodyModel } from './bodyModels';
import { json, noContent, text, type HandlerTable, type RestCall } from './call';

function categories(call: RestCall) {
	const verticalIds = call.params.ints('verticalIds');
	return json(
		call.site.categories.filter((c) => !verticalIds || verticalIds.includes(c.VerticalId)).map((c) => ({ ...c })),
	);
}

function subcategories(call: RestCall) {
	const categoryIds = call.params.ints('categoryIds');
	return json(
		call.site.subcategories.filter((s) => !categoryIds || categoryIds.includes(s.CategoryId)).map((s) => ({ ...s })),
	);
}

function closures(call: RestCall) {
	const from = call.params.time('startDate')!;
	const to = call.params.time('endDate')!;
	if (to < from) return text(400, 'endDate lies before startDate.');
	const end = inclusiveEnd(to);
	const Closures = call.site.closures
		.filter((c) => overlaps(Date.parse(c.StartDateTime), Date.parse(c.EndDateTime) + 1, from, end + 1))
		.map((c) => ({ ...c }));
	return json({ StartDate: isoAt(from), EndDate: isoAt(end), Closures });
}

/** The features that are on; PATCH turns one on or off. */
const features = (call: RestCall) =>
	json(call.site.features.filter((feature) => feature.Enabled).map((feature) => feature.Name));

function updateFeature(call: RestCall) {
	const name = call.params.str('featureDescriptor')!;
	const feature = call.site.features.find((f) => f.Name.toLowerCase() === name.toLowerCase());
	if (!feature) return text(400, `Unknown feature '${name}'.`);
	if (feature.Locked) return text(403, `The feature ${feature.Name} needs a higher subscription level.`);
	feature.Enabled = (call.body as BodyModel<'featureUpdate'>).Enabled;
	return noContent(200);
}

export const businessHandlers: HandlerTable = {
	'GET /Business/Categories': categories,
	'GET /Business/Subcategories': subcategories,
	'GET /Business/Closures': closures,
	'GET /Business/Features': features,
	'PATCH /Business/Features/{featureDescriptor}': updateFeature,
};

import type { Operation } from '../types';
import { appointmentOperations } from './appointment';
import { classOperations } from './class';
import { clientOperations } from './client';
import { crossSiteOperations } from './crossSite';
import { enrollmentOperations } from './enrollment';
import { payrollOperations } from './payroll';
import { pickASpotOperations } from './pickASpot';
import { pricingOptionOperations } from './pricingOption';
import { saleOperations } from './sale';
import { siteOperations } from './site';
import { staffOperations } from './staff';

/** Every operation of the v6 document but the user-token ones (the credential's business). */
export const v6Operations: readonly Operation[] = [
	...appointmentOperations,
	...classOperations,
	...clientOperations,
	...crossSiteOperations,
	...enrollmentOperations,
	...payrollOperations,
	...pickASpotOperations,
	...pricingOptionOperations,
	...saleOperations,
	...siteOperations,
	...staffOperations,
];

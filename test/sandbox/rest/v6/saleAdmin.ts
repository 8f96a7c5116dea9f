import type { AdminRoute } from '../../admin';

/** Admin routes of the v6 sale area (below /_sandbox). */
export const saleAdminRoutes: AdminRoute[] = [];

import type { AdminRoute } from '../../admin';

/** Admin routes of the v6 staff area (below /_sandbox). */
export const staffAdminRoutes: AdminRoute[] = [];

import type { AdminRoute } from '../../admin';

/** Admin routes of the v6 class area (below /_sandbox). */
export const classAdminRoutes: AdminRoute[] = [];

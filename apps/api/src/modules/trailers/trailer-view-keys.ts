/**
 * The Redis keys of trailer views (trailer-views.store.ts), apart so that the
 * test harness and the benches can count play on a view without the app.
 */

/** The view's state: its member, trailer, last beat and the playing time counted. */
export const viewKey = (viewId: string) => `trailer-view:${viewId}`;

/** The member's one playing view (a newer view replaces it: the older one has ended). */
export const viewerKey = (userId: number) => `trailer-viewer:${userId}`;

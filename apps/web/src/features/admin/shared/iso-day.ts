/** A day picked in a date field (`YYYY-MM-DD`), as the API's instant: that day's start in UTC. */
export const toIso = (local: string) => (local ? new Date(`${local}T00:00:00Z`).toISOString() : '');

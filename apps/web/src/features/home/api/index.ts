/** The home screen's API calls (reads only). Banner and media URLs resolve against the API. */
export { resolveApiUrl, useGetMainMessage, useGetSite, useListTrailers } from '@app/contracts';

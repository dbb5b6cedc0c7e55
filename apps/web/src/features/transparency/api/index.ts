/** The public transparency page's one read, straight from the generated client. */
export { useGetTransparency } from '@app/contracts';

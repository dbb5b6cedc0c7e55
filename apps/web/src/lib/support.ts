import { useGetSite } from '@app/contracts';
import { env } from './env';

/**
 * Where members reach support: the link an operator set in the console, else
 * the build's VITE_SUPPORT_URL, else none. With none, support links are not
 * shown at all: a link to a messenger's home page helps nobody.
 */
export function useSupportUrl(): string | null {
  const site = useGetSite({ query: { staleTime: 5 * 60_000 } });
  return site.data?.support_url || env.VITE_SUPPORT_URL;
}

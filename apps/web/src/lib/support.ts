import { useGetSite } from '@app/contracts';
import { env } from './env';

/** Where the club's own support form is: it works signed in or out, with no setting. */
export const SUPPORT_FORM_PATH = '/support';

export interface SupportLink {
  href: string;
  /** An outside address (a messenger): opens in a new tab. */
  external: boolean;
}

/**
 * Where members reach a person: the link an operator set in the console,
 * else the build's VITE_SUPPORT_URL, else the club's own support form
 * (POST /support/requests, answered from the console). There is always one:
 * a fresh club with nothing set still leads somewhere (issue 39).
 */
export function useSupportLink(): SupportLink {
  const site = useGetSite({ query: { staleTime: 5 * 60_000 } });
  const url = site.data?.support_url || env.VITE_SUPPORT_URL;
  return url ? { href: url, external: true } : { href: SUPPORT_FORM_PATH, external: false };
}

/** The outside support link only (null when none is set): the support form offers it as a chat. */
export function useSupportUrl(): string | null {
  const link = useSupportLink();
  return link.external ? link.href : null;
}

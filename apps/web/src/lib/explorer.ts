import { useGetSite } from '@app/contracts';

/**
 * Where a member opens a TRON transaction: the explorer page the server
 * names (GET /site's explorer_tx_url, TRON_EXPLORER_TX_URL) with the tx id
 * appended; null while unknown or when the club turned links off.
 */
export function useExplorerTxUrl(): (txId: string) => string | null {
  const site = useGetSite({ query: { staleTime: 5 * 60_000 } });
  const base = site.data?.explorer_tx_url ?? null;
  return (txId) => (base ? `${base}${encodeURIComponent(txId)}` : null);
}

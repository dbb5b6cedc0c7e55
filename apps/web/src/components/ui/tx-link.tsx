import { useExplorerTxUrl } from '../../lib/explorer';

/** A TRON transaction id, opening the block explorer in a new tab when the club names one. */
export function TxLink({ txId }: { txId: string }) {
  const href = useExplorerTxUrl()(txId);
  const id = <code className="break-all">{txId}</code>;
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" data-testid="tx-link">
      {id}
    </a>
  ) : (
    id
  );
}

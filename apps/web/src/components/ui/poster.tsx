import { useState } from 'react';
import { resolveApiUrl } from '@app/contracts';

/**
 * A trailer poster. API-relative URLs are reached through the API base; a
 * missing image leaves a plain tile instead of a broken-image icon.
 */
export function Poster({ src, className }: { src: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <span className={`poster poster--empty ${className ?? ''}`} />;
  return (
    <img
      className={`poster ${className ?? ''}`}
      src={resolveApiUrl(src)}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

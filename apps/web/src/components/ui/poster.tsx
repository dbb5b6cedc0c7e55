import { useState } from 'react';
import { resolveApiUrl } from '@app/contracts';

/**
 * A trailer poster. API-relative URLs are reached through the API base; a
 * missing image leaves a plain tile instead of a broken-image icon.
 */
export function Poster({
  src,
  className,
  eager = false,
}: {
  src: string | null | undefined;
  className?: string;
  /** Posters on the first screen load at once; the rest as the member scrolls near. */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <span className={`poster poster--empty ${className ?? ''}`} />;
  return (
    <img
      className={`poster ${className ?? ''}`}
      src={resolveApiUrl(src)}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      // A first-screen poster is the page's largest paint: ask for it before scripts' images.
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      // The box keeps its 2:3 place (CSS aspect-ratio) while the image loads.
      width={200}
      height={300}
      onError={() => setFailed(true)}
    />
  );
}

import { type RefObject, useEffect, useRef, useState } from 'react';
import { type YouTubePlayer, loadYouTubeApi } from './youtube-api';

export type PlayerStatus = 'loading' | 'ready' | 'unavailable';

/** No state reported yet (YT.PlayerState.UNSTARTED). */
const UNSTARTED = -1;

/**
 * A YT.Player for `videoId` inside `container`, started muted (browsers
 * allow autoplay only so; the player's own control turns the sound on). The
 * player's state follows its onStateChange events; an API that does not load
 * or a video that does not play leaves it `unavailable`.
 */
export function useYouTubePlayer(
  container: RefObject<HTMLDivElement | null>,
  videoId: string | null,
  title: string,
) {
  const player = useRef<YouTubePlayer | null>(null);
  const [status, setStatus] = useState<PlayerStatus>(videoId ? 'loading' : 'unavailable');
  const [state, setState] = useState<number>(UNSTARTED);

  useEffect(() => {
    const parent = container.current;
    if (!videoId || !parent) {
      setStatus('unavailable');
      return;
    }
    setStatus('loading');
    setState(UNSTARTED);
    let cancelled = false;
    let created: YouTubePlayer | null = null;
    // The API replaces this element with its iframe; React keeps its own.
    const host = document.createElement('div');
    parent.appendChild(host);
    loadYouTubeApi().then(
      (YT) => {
        if (cancelled) return;
        created = new YT.Player(host, {
          videoId,
          host: 'https://www.youtube-nocookie.com',
          playerVars: { autoplay: 1, mute: 1, playsinline: 1, rel: 0 },
          events: {
            onReady: ({ target }) => {
              if (cancelled) return;
              player.current = target;
              setStatus('ready');
              setState(target.getPlayerState());
            },
            onStateChange: ({ data }) => {
              if (!cancelled) setState(data);
            },
            onError: () => {
              if (!cancelled) setStatus('unavailable');
            },
          },
        });
      },
      () => {
        if (!cancelled) setStatus('unavailable');
      },
    );
    return () => {
      cancelled = true;
      player.current = null;
      created?.destroy();
      parent.replaceChildren();
    };
  }, [container, videoId]);

  // The iframe is named for screen readers in the reader's language.
  useEffect(() => {
    if (status === 'ready') player.current?.getIframe?.()?.setAttribute('title', title);
  }, [status, title]);

  return { player, status, state };
}

/**
 * The YouTube IFrame API (contract section 11): the page plays trailers in a
 * `YT.Player` and reports its states to the server. Browser tests stand in
 * for the player by routing this one address to a script that defines the
 * same `YT.Player` (apps/web/e2e/youtube-stand-in.ts).
 */
export const IFRAME_API_URL = 'https://www.youtube.com/iframe_api';

/** YT.PlayerState values this app tells apart. */
export const PLAYER_STATE = { ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3 } as const;

/** What this app uses of a YT.Player. */
export interface YouTubePlayer {
  getPlayerState(): number;
  getCurrentTime(): number;
  getIframe?(): HTMLIFrameElement;
  destroy(): void;
}

export interface YouTubePlayerOptions {
  videoId: string;
  host?: string;
  playerVars?: Record<string, string | number>;
  events?: {
    onReady?: (event: { target: YouTubePlayer }) => void;
    onStateChange?: (event: { data: number; target: YouTubePlayer }) => void;
    onError?: (event: { data: number }) => void;
  };
}

export interface YouTubeNamespace {
  Player: new (element: HTMLElement, options: YouTubePlayerOptions) => YouTubePlayer;
}

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let loading: Promise<YouTubeNamespace> | null = null;

/**
 * Loads the IFrame API once per page: the script calls
 * `window.onYouTubeIframeAPIReady` when `YT.Player` can be used. A failed
 * load may be tried again (the next trailer page asks anew).
 */
export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  loading ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT?.Player) resolve(window.YT);
      else reject(new Error('the YouTube IFrame API defined no YT.Player'));
    };
    const script = document.createElement('script');
    script.src = IFRAME_API_URL;
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('the YouTube IFrame API did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

import type { Page } from '@playwright/test';

/** The one address the web client loads the YouTube IFrame API from (src/features/films/youtube-api.ts). */
export const IFRAME_API_URL = 'https://www.youtube.com/iframe_api';

/**
 * A stand-in for the YouTube IFrame API: the same `YT.Player` (ready, then
 * playing at once when asked to autoplay; its position follows the clock),
 * in an empty frame, so browser tests play trailers without the network.
 * `window.__ytStandIn` is the last player, for tests that pause or play it.
 */
const STAND_IN = `(function () {
  function Player(element, options) {
    var self = this;
    var events = options.events || {};
    var state = -1;
    var startedAt = 0;
    var offset = 0;
    var iframe = document.createElement('iframe');
    iframe.setAttribute('title', 'Trailer');
    iframe.setAttribute('data-video-id', options.videoId);
    element.replaceWith(iframe);
    function set(next) {
      state = next;
      if (events.onStateChange) events.onStateChange({ data: next, target: self });
    }
    self.getIframe = function () { return iframe; };
    self.getPlayerState = function () { return state; };
    self.getCurrentTime = function () {
      return state === 1 ? offset + (Date.now() - startedAt) / 1000 : offset;
    };
    self.playVideo = function () { if (state !== 1) { startedAt = Date.now(); set(1); } };
    self.pauseVideo = function () { if (state === 1) { offset = self.getCurrentTime(); set(2); } };
    self.destroy = function () { iframe.remove(); };
    window.__ytStandIn = self;
    setTimeout(function () {
      if (events.onReady) events.onReady({ target: self });
      if (options.playerVars && options.playerVars.autoplay) self.playVideo();
    }, 50);
  }
  window.YT = { Player: Player, PlayerState: { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 } };
  if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
})();`;

/** Routes the IFrame API's address to the stand-in for this page. */
export async function standInForYouTube(page: Page): Promise<void> {
  await page.route(IFRAME_API_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }),
  );
}

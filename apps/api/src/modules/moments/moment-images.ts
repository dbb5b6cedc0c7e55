import type { Sharp, SharpOptions } from 'sharp';
import { AppError } from '../../common/app-error';
import { StorageService, StoredObject } from '../../infra/storage/storage.service';
import { sniffImageType } from '../../infra/storage/sniff';

export const DISPLAY_PX = 1080;
export const THUMB_PX = 320;

export interface SavedImage {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  keys: string[];
}

type SharpOf = (input: Buffer, options: SharpOptions) => Sharp;
let loaded: Promise<SharpOf> | undefined;

/**
 * sharp (libvips) is loaded with the first photo, not with the app, and
 * keeps no cache of decoded images between photos: a process that never
 * gets one does not carry it, and one that does holds no 50 MB cache after
 * (issue 41, an API in 300 MB).
 */
function loadSharp(): Promise<SharpOf> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/**
 * A member's photo as the feed serves it: the type is read from the bytes,
 * then it is decoded and re-encoded to WebP (turned upright by its EXIF
 * orientation, every metadata field dropped, EXIF location included) at a
 * display size and a thumbnail. Anything sharp cannot decode is refused.
 */
export async function savePhoto(storage: StorageService, bytes: Buffer): Promise<SavedImage> {
  if (!sniffImageType(bytes)) throw new AppError('UNSUPPORTED_FILE_TYPE');
  const sharp = await loadSharp();
  const render = (px: number) =>
    sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  let display, thumb;
  try {
    [display, thumb] = await Promise.all([render(DISPLAY_PX), render(THUMB_PX)]);
  } catch {
    throw new AppError('UNSUPPORTED_FILE_TYPE', 'The image could not be read');
  }
  const stored: StoredObject[] = [];
  try {
    stored.push(await storage.saveImage(display.data, 'public'));
    stored.push(await storage.saveImage(thumb.data, 'public'));
  } catch (error) {
    await storage.discard(stored.map((s) => s.key));
    throw error;
  }
  return {
    url: stored[0].url!,
    thumbUrl: stored[1].url!,
    width: display.info.width,
    height: display.info.height,
    keys: stored.map((s) => s.key),
  };
}

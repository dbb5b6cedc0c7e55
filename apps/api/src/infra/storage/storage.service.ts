import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig, REPO_ROOT } from '../../config/config';
import { LocalObjectStore, ObjectStore, S3ObjectStore } from './object-store';
import { IMAGE_TYPES, contentTypeOfKey, sniffImageType } from './sniff';

export type Visibility = 'public' | 'private';

export interface StoredObject {
  /** `public/<name>` or `private/<name>`; the name is random, never the client's. */
  key: string;
  /** Where a public object is served (`/media/<name>`); null for private ones. */
  url: string | null;
  contentType: string;
  size: number;
}

const NAME_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

export function storeFromConfig(config: AppConfig): ObjectStore {
  if (config.S3_BUCKET) {
    return new S3ObjectStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  const dir = config.STORAGE_DIR;
  return new LocalObjectStore(isAbsolute(dir) ? dir : resolve(REPO_ROOT, dir));
}

/**
 * Uploaded files. Public objects (posters, post images) are served by
 * `GET /media/<name>` and cached for a year (names never change meaning);
 * private ones (identity documents, receipts) are never served there, only
 * by the routes that check who may see them, through `readPrivate`.
 */
@Injectable()
export class StorageService implements OnApplicationShutdown {
  private readonly logger = new Logger('Storage');
  private readonly store: ObjectStore;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.store = storeFromConfig(config);
  }

  async onApplicationShutdown() {
    if (this.store instanceof S3ObjectStore) await this.store.destroy();
  }

  /** Stores an image whose type is read from its bytes; anything else is refused. */
  async saveImage(bytes: Buffer, visibility: Visibility): Promise<StoredObject> {
    const contentType = sniffImageType(bytes);
    if (!contentType) throw new AppError('UNSUPPORTED_FILE_TYPE');
    const name = `${randomUUID()}.${IMAGE_TYPES[contentType]}`;
    const key = `${visibility}/${name}`;
    await this.store.put(key, bytes, contentType);
    return {
      key,
      url: visibility === 'public' ? `/media/${name}` : null,
      contentType,
      size: bytes.length,
    };
  }

  /** A public object by the name in its URL; null for anything else. */
  readPublic(name: string) {
    return NAME_RE.test(name) ? this.read(`public/${name}`) : Promise.resolve(null);
  }

  /** For routes that already checked the caller may see this private object. */
  readPrivate(key: string) {
    const name = key.startsWith('private/') ? key.slice('private/'.length) : '';
    return NAME_RE.test(name) ? this.read(key) : Promise.resolve(null);
  }

  /** Removes an object this service stored (a key or a /media URL); others are ignored. */
  async remove(keyOrUrl: string): Promise<void> {
    const key = keyOrUrl.startsWith('/media/') ? `public/${keyOrUrl.slice(7)}` : keyOrUrl;
    const [visibility, name] = key.split('/');
    if ((visibility === 'public' || visibility === 'private') && NAME_RE.test(name ?? ''))
      await this.store.delete(key);
  }

  /**
   * Removes what a failed request stored, never throwing: the request's own
   * error is what the client must see (a store that refused the write
   * usually refuses the removal too). What stays is an object no row names,
   * logged; it is never served.
   */
  async discard(keysOrUrls: string[]): Promise<void> {
    const results = await Promise.allSettled(keysOrUrls.map((key) => this.remove(key)));
    results.forEach((result, i) => {
      if (result.status === 'rejected')
        this.logger.warn(`could not remove ${keysOrUrls[i]}: ${String(result.reason)}`);
    });
  }

  private async read(key: string) {
    const body = await this.store.get(key);
    return body && { body, contentType: contentTypeOfKey(key) };
  }
}

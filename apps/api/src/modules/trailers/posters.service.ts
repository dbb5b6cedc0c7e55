import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { StorageService } from '../../infra/storage/storage.service';
import { TrailersService } from './trailers.service';

/** Operators replace trailer posters with uploaded images (audited). */
@Injectable()
export class PostersService {
  private readonly logger = new Logger(PostersService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: StorageService,
    private readonly trailers: TrailersService,
    private readonly audit: AuditService,
  ) {}

  /**
   * The image is stored first, then the trailer row and the audit entry in
   * one transaction; if that fails the stored image is removed again, so a
   * refused upload leaves nothing behind. The replaced upload is removed after.
   */
  async replace(actorId: number, trailerId: number, image: Buffer): Promise<{ image_url: string }> {
    const stored = await this.storage.saveImage(image, 'public');
    const url = stored.url!;
    let previous: string;
    try {
      previous = await this.dataSource.transaction(async (manager) => {
        const old = await this.trailers.setPoster(manager, trailerId, url);
        await this.audit.record(manager, actorId, 'trailer.poster', null, {
          trailer_id: trailerId,
          image_url: url,
          previous: old,
        });
        return old;
      });
    } catch (error) {
      await this.storage.discard([stored.key]);
      throw error;
    } finally {
      this.trailers.posterChanged();
    }
    await this.storage.remove(previous).catch((error) => {
      this.logger.warn(`could not remove the replaced poster ${previous}: ${error}`);
    });
    return { image_url: url };
  }
}

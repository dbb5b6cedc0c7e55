import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { Trailer } from './trailer.entity';
import { TrailerDetail, TrailerSummary } from './trailers.dto';
import { TrailersRepository } from './trailers.repository';

const summary = (t: Trailer): TrailerSummary => ({
  id: t.id,
  title: t.title,
  description: t.description,
  image_url: t.imageUrl,
});

@Injectable()
export class TrailersService {
  constructor(private readonly trailers: TrailersRepository) {}

  /** Members who had a trailer counted, per UTC day (the dashboard's active members). */
  dailyActive(days: number) {
    return this.trailers.dailyActive(days);
  }

  async list(): Promise<TrailerSummary[]> {
    return (await this.trailers.list()).map(summary);
  }

  /** Sets a trailer's poster in the caller's transaction; returns the previous one. */
  async setPoster(db: EntityManager, id: number, imageUrl: string): Promise<string> {
    const previous = await this.trailers.setPoster(db, id, imageUrl);
    if (previous === undefined) throw new AppError('NOT_FOUND', 'Trailer not found');
    return previous;
  }

  /** The trailer, and the start of this member's view of it. */
  async open(userId: number, id: number): Promise<TrailerDetail> {
    const trailer = await this.trailers.findById(id);
    if (!trailer) throw new AppError('NOT_FOUND', 'Trailer not found');
    await this.trailers.startView(userId, id);
    return { ...summary(trailer), trailer_key: trailer.trailerKey };
  }
}

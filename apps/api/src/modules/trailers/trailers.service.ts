import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/app-error';
import { Trailer } from './trailer.entity';
import { TrailerDetail, TrailerSummary } from './trailers.dto';
import { WatchService } from './watch.service';

const summary = (t: Trailer): TrailerSummary => ({
  id: t.id,
  title: t.title,
  description: t.description,
  image_url: t.imageUrl,
});

@Injectable()
export class TrailersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly watches: WatchService,
  ) {}

  async list(): Promise<TrailerSummary[]> {
    const rows = await this.dataSource.getRepository(Trailer).find({ order: { id: 'DESC' } });
    return rows.map(summary);
  }

  /** The trailer, and the start of this member's view of it. */
  async open(userId: number, id: number): Promise<TrailerDetail> {
    const trailer = await this.dataSource.getRepository(Trailer).findOneBy({ id });
    if (!trailer) throw AppError.notFound('Trailer not found');
    await this.watches.startView(userId, id);
    return { ...summary(trailer), trailer_key: trailer.trailerKey };
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/app-error';
import { Trailer } from './trailer.entity';
import { TrailerDetail, TrailerSummary } from './trailers.dto';

const summary = (t: Trailer): TrailerSummary => ({
  id: t.id,
  title: t.title,
  description: t.description,
  image_url: t.imageUrl,
});

@Injectable()
export class TrailersService {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<TrailerSummary[]> {
    const rows = await this.dataSource.getRepository(Trailer).find({ order: { id: 'DESC' } });
    return rows.map(summary);
  }

  async get(id: number): Promise<TrailerDetail> {
    const trailer = await this.dataSource.getRepository(Trailer).findOneBy({ id });
    if (!trailer) throw AppError.notFound('Trailer not found');
    return { ...summary(trailer), trailer_key: trailer.trailerKey };
  }
}

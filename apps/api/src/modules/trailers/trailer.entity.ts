import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Texts } from '../../common/language';

@Entity('trailers')
export class Trailer {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** Per language (common/language.ts); at least one. */
  @Column({ type: 'jsonb' })
  title: Texts;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  description: Texts;

  @Column({ name: 'image_url', type: 'varchar', length: 500 })
  imageUrl: string;

  /** Id of the video on the external video site. */
  @Column({ name: 'trailer_key', type: 'varchar', length: 64 })
  trailerKey: string;

  /** hot pick, new movie or coming soon: the tabs of /category. */
  @Column({ type: 'varchar', length: 8, default: 'hot' })
  category: 'hot' | 'new' | 'soon';

  /** Lower first; then newest first. */
  @Column({ name: 'sort_order', type: 'integer', default: 0 })
  sortOrder: number;

  /** Members see published trailers only. */
  @Column({ type: 'boolean', default: true })
  published: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('trailers')
export class Trailer {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

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

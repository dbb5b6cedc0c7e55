import { Global, Module } from '@nestjs/common';
import { MediaController } from './media.controller';
import { StorageService } from './storage.service';

/** Uploaded files, local or S3-compatible; owns no table. */
@Global()
@Module({ controllers: [MediaController], providers: [StorageService], exports: [StorageService] })
export class StorageModule {}

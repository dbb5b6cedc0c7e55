import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrors } from '../../common/api-errors.decorator';
import { AppError } from '../../common/app-error';
import { StorageService } from './storage.service';
import { PublicRoute } from '../redis/public-rate-limit';
import { IMAGE_TYPES, imageContent } from './uploads';

@ApiTags('content')
@Controller('media')
export class MediaController {
  constructor(private readonly storage: StorageService) {}

  @Get(':name')
  @PublicRoute()
  @ApiOperation({ summary: 'A public uploaded image (posters); cached for a year' })
  @ApiProduces(...IMAGE_TYPES)
  @ApiOkResponse({ description: 'The image bytes', content: imageContent() })
  @ApiErrors('NOT_FOUND')
  async getMedia(@Param('name') name: string, @Res() reply: FastifyReply) {
    const found = await this.storage.readPublic(name);
    if (!found) throw new AppError('NOT_FOUND');
    // The name is random and never reused: the bytes behind it never change.
    return reply
      .header('Content-Type', found.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(found.body);
  }
}

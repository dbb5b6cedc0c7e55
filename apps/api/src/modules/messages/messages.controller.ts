import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { ContentLanguage, type Language, checkLanguages, textsOf } from '../../common/language';
import { IdParam } from '../../common/id-param.dto';
import { OK, OkResponse } from '../../common/ok.dto';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { AppError } from '../../common/app-error';
import { MessageItem, MessagesQuery, SendMessageBody, SentMessage } from './messages.dto';
import { MessagesService } from './messages.service';

@ApiTags('messages')
@Controller('messages')
@Auth()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  @ApiOperation({
    summary: "The member's messages, newest first",
    description:
      "In the reader's language (`Accept-Language`), else Russian, else the one written. " +
      'Every message by default; with `limit` (and `before`), one page of them.',
  })
  @ApiOkResponse({ type: [MessageItem] })
  @ApiErrors('BAD_REQUEST', 'VALIDATION_ERROR')
  listMessages(
    @CurrentUser() user: AuthUser,
    @ContentLanguage() lang: Language,
    @Query() query: MessagesQuery,
  ): Promise<MessageItem[]> {
    if (query.limit === undefined) {
      if (query.before !== undefined)
        throw new AppError('BAD_REQUEST', '`before` pages with `limit`');
      return this.messages.list(user.id, lang);
    }
    return this.messages.list(user.id, lang, { limit: query.limit, before: query.before ?? null });
  }

  @Post('read_all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every message read' })
  @ApiOkResponse({ type: OkResponse })
  async readAllMessages(@CurrentUser() user: AuthUser): Promise<OkResponse> {
    await this.messages.readAll(user.id);
    return OK;
  }

  @Delete()
  @ApiOperation({ summary: "Clear every message from this member's list" })
  @ApiOkResponse({ type: OkResponse })
  async deleteAllMessages(@CurrentUser() user: AuthUser): Promise<OkResponse> {
    await this.messages.hideAll(user.id);
    return OK;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One message (marks it read)' })
  @ApiOkResponse({ type: MessageItem })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  getMessage(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @ContentLanguage() lang: Language,
  ): Promise<MessageItem> {
    return this.messages.open(user.id, params.id, lang);
  }
}

@ApiTags('admin')
@Controller('admin/messages')
@Auth(...Staff.people)
@Reach('none')
export class AdminMessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a message to one member (user_id) or to every member (audited)',
    description:
      'Written per language (`title_ru` with `description_ru`, ...), in at least one; members reading another get Russian, else the one written.',
  })
  @ApiOkResponse({ type: SentMessage })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  // A message to one operator is an admin's to send (libs/domain reach.ts): support
  // writing to staff in the club's name is how an insider phishes them.
  @Reach('account', { body: 'user_id' })
  sendMessage(@CurrentUser() user: AuthUser, @Body() body: SendMessageBody): Promise<SentMessage> {
    checkLanguages(body, 'title', ['title', 'description']);
    return this.messages.send(user.id, {
      // A null user_id (which @IsOptional() lets through) is "every member", as when
      // left out: TypeORM 0.3 ignored a null in a where (so it always meant that),
      // TypeORM 1 refuses one.
      userId: body.user_id ?? undefined,
      title: textsOf({ ru: body.title_ru, en: body.title_en, uz: body.title_uz }),
      description: textsOf({
        ru: body.description_ru,
        en: body.description_en,
        uz: body.description_uz,
      }),
    });
  }
}

import { AuthSession, RefreshToken } from '../modules/auth/auth-session.entity';
import { AppSetting, PackageRow } from '../modules/content/content.entities';
import { Message, MessageState } from '../modules/messages/message.entity';
import { Trailer } from '../modules/trailers/trailer.entity';
import { User } from '../modules/users/user.entity';

export const ENTITIES = [
  User,
  AuthSession,
  RefreshToken,
  Trailer,
  Message,
  MessageState,
  AppSetting,
  PackageRow,
];

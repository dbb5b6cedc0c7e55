import 'reflect-metadata';
import {
  CanActivate,
  Controller,
  Get,
  HttpCode,
  Injectable,
  Module,
  Post,
  Query,
  UseGuards,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ACCESS_VERIFIER,
  Auth,
  type AuthUser,
  CurrentUser,
  JwtAuthGuard,
  Staff,
} from '../../src/common/auth';
import { Reach, ReachRegistry } from '../../src/common/reach';
import { DirectRoute, registerDirectRoutes } from '../../src/common/direct-route';
import { ErrorFilter } from '../../src/common/error.filter';
import { JsonText } from '../../src/common/json-text';
import { RouteTable } from '../../src/common/route-table';
import { AppValidationPipe } from '../../src/common/validation.pipe';

/**
 * `@DirectRoute()` (src/common/direct-route.ts) in a small Nest app of its
 * own: the same answers and refusals as Nest's pipeline, without it; and the
 * app refuses to start when a marked method has more pipeline than the
 * sign-in check. (GET /users/me and /trailers, the real direct routes, are
 * exercised against the real app by the other suites, logs.spec.ts among
 * them for the member id on the log line.)
 */
const USERS: Record<string, AuthUser> = {
  'member-token': { id: 7, sessionId: 's7', role: 'member' },
  'staff-token': { id: 8, sessionId: 's8', role: 'finance' },
};
const verifier = { verify: (token: string) => USERS[token] ?? null };

@Controller('ok')
@Auth()
class FineController {
  @Get('me')
  @DirectRoute()
  me(@CurrentUser() user: AuthUser) {
    return { id: user.id, role: user.role };
  }

  @Get('count')
  @DirectRoute()
  count() {
    return [1, 2, 3];
  }

  @Get('money')
  @Auth(...Staff.money)
  @Reach('none')
  @DirectRoute()
  money(@CurrentUser() user: AuthUser) {
    return { staff: user.id };
  }

  @Get('through-nest')
  throughNest(@CurrentUser() user: AuthUser) {
    return { id: user.id };
  }

  @Get('kept')
  @DirectRoute()
  kept() {
    return KEPT;
  }

  @Get('kept-through-nest')
  @Auth()
  keptThroughNest() {
    return KEPT;
  }
}

/** An answer serialised once (as the catalogue is), with text that JSON must escape. */
const KEPT = new JsonText([{ id: 1, title: 'Ўзбек "кино" \\ é' }]);

@Injectable()
class AlwaysGuard implements CanActivate {
  canActivate() {
    return true;
  }
}

@Controller('bad')
class QueryController {
  @Get()
  @Auth()
  @DirectRoute()
  list(@CurrentUser() user: AuthUser, @Query('page') page: string) {
    return { user, page };
  }
}

@Controller('bad')
class NoAuthController {
  @Get()
  @DirectRoute()
  list() {
    return [];
  }
}

@Controller('bad')
class PostController {
  @Post()
  @Auth()
  @DirectRoute()
  create() {
    return {};
  }
}

@Controller('bad')
class ExtraGuardController {
  @Get()
  @Auth()
  @UseGuards(AlwaysGuard)
  @DirectRoute()
  list() {
    return [];
  }
}

@Controller('bad')
class StatusController {
  @Get()
  @Auth()
  @HttpCode(202)
  @DirectRoute()
  list() {
    return [];
  }
}

async function start(controller: Type, setup?: (app: NestFastifyApplication) => void) {
  @Module({
    controllers: [controller],
    providers: [{ provide: ACCESS_VERIFIER, useValue: verifier }, AlwaysGuard, ReachRegistry],
  })
  class TestModule {}
  const app = await NestFactory.create<NestFastifyApplication>(TestModule, new FastifyAdapter(), {
    logger: false,
  });
  registerDirectRoutes(app);
  app.useGlobalFilters(new ErrorFilter(new RouteTable()));
  app.useGlobalPipes(new AppValidationPipe());
  setup?.(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('direct routes', () => {
  let app: NestFastifyApplication;
  const get = (url: string, token?: string) => {
    const req = request(app.getHttpServer()).get(url);
    return token ? req.set('authorization', `Bearer ${token}`) : req;
  };

  beforeAll(async () => {
    app = await start(FineController);
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  it("answers as the controller method does, without Nest's guard", async () => {
    const guard = jest.spyOn(JwtAuthGuard.prototype, 'canActivate');
    const me = await get('/ok/me', 'member-token');
    expect(me.status).toBe(200);
    expect(me.headers['content-type']).toMatch(/^application\/json/);
    expect(me.body).toEqual({ id: 7, role: 'member' });
    expect((await get('/ok/count', 'member-token')).body).toEqual([1, 2, 3]);
    expect(guard).not.toHaveBeenCalled();
    // An unmarked route of the same controller still goes through Nest.
    expect((await get('/ok/through-nest', 'member-token')).body).toEqual({ id: 7 });
    expect(guard).toHaveBeenCalledTimes(1);
  });

  it('sends a JsonText answer as its bytes, as JSON, and the same through Nest', async () => {
    const stringify = jest.spyOn(JSON, 'stringify');
    const direct = await get('/ok/kept', 'member-token');
    expect(direct.status).toBe(200);
    expect(direct.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(direct.text).toBe(KEPT.bytes.toString('utf8'));
    expect(direct.body).toEqual(KEPT.value);
    // Sent as kept: the direct route did not serialise it again.
    expect(stringify).not.toHaveBeenCalled();
    stringify.mockRestore();
    // Through Nest's pipeline it serialises as its value: the same answer.
    const throughNest = await get('/ok/kept-through-nest', 'member-token');
    expect(throughNest.headers['content-type']).toMatch(/^application\/json/);
    expect(throughNest.text).toBe(direct.text);
  });

  it('refuses as the guard does, in the contract shape', async () => {
    for (const token of [undefined, 'forged-token']) {
      const res = await get('/ok/me', token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String), code: 'UNAUTHORIZED' });
    }
    const wrongRole = await get('/ok/money', 'member-token');
    expect(wrongRole.status).toBe(403);
    expect(wrongRole.body.code).toBe('FORBIDDEN');
    expect((await get('/ok/money', 'staff-token')).body).toEqual({ staff: 8 });
  });

  it.each([
    [QueryController, 'takes a parameter other than @CurrentUser()'],
    [NoAuthController, 'needs @Auth() and no other guard'],
    [ExtraGuardController, 'needs @Auth() and no other guard'],
    [PostController, 'not a GET'],
    [StatusController, 'has __httpCode__'],
  ])(
    'refuses to start when %p has more pipeline than the sign-in check',
    async (controller, why) => {
      await expect(start(controller)).rejects.toThrow(why);
    },
  );

  it('refuses to start when the app has a global guard, interceptor or another pipe', async () => {
    await expect(
      start(FineController, (a) => a.useGlobalGuards(new AlwaysGuard())),
    ).rejects.toThrow('global guard');
    await expect(
      start(FineController, (a) =>
        a.useGlobalInterceptors({ intercept: (_context, next) => next.handle() }),
      ),
    ).rejects.toThrow('global interceptor');
    await expect(
      start(FineController, (a) => a.useGlobalPipes({ transform: (value: unknown) => value })),
    ).rejects.toThrow('global pipe');
  });
});

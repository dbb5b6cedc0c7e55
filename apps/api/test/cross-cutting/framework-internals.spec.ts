import 'reflect-metadata';
import {
  CanActivate,
  Catch,
  Controller,
  type ExceptionFilter,
  Get,
  Header,
  HttpCode,
  Injectable,
  Module,
  type NestInterceptor,
  type PipeTransform,
  Post,
  Redirect,
  RequestMethod,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { type AuthUser, CurrentUser, currentUserOf } from '../../src/common/auth';
import {
  globalPipelineOf,
  handlerSettingOf,
  pipelineListOf,
  requestMethodOf,
  routeArgsOf,
  routePathOf,
} from '../../src/common/framework/nest-internals';
import { AppValidationPipe } from '../../src/common/validation.pipe';
import { preparedQuery } from '../../src/database/prepared';
import { poolOf } from '../../src/database/typeorm-internals';
import { TEST_DATABASE_URL } from '../support/env';

/**
 * The contract of the framework internals the speed tricks read
 * (src/common/framework/nest-internals.ts for @DirectRoute() and the reach
 * registry, src/database/typeorm-internals.ts for prepared statements). A
 * framework upgrade that moves them makes these fail by name, instead of the
 * checks quietly seeing "no guard, no pipe" or the pool being undefined.
 */
const broken = (what: string, fix: string) =>
  `${what}: the framework's internals changed; fix ${fix} (the only place that reads them)`;
const NEST = 'apps/api/src/common/framework/nest-internals.ts';
const TYPEORM = 'apps/api/src/database/typeorm-internals.ts';

@Injectable()
class AGuard implements CanActivate {
  canActivate() {
    return true;
  }
}
class APipe implements PipeTransform {
  transform(value: unknown) {
    return value;
  }
}
class AnInterceptor implements NestInterceptor {
  intercept(_: unknown, next: { handle: () => never }) {
    return next.handle();
  }
}
@Catch()
class AFilter implements ExceptionFilter {
  catch() {}
}

@Controller('known')
@UseGuards(AGuard)
class KnownController {
  @Get('plain')
  plain(@CurrentUser() user: AuthUser) {
    return user.id;
  }

  @Post('decorated')
  @UsePipes(APipe)
  @UseInterceptors(AnInterceptor)
  @UseFilters(AFilter)
  @Header('x-known', '1')
  @HttpCode(202)
  decorated() {
    return 1;
  }

  @Get('moved')
  @Redirect('/elsewhere')
  moved() {}

  notARoute() {}
}

@Module({ controllers: [KnownController], providers: [AGuard] })
class KnownModule {}

describe('framework internals the speed tricks read', () => {
  const proto = KnownController.prototype;

  it("Nest's route metadata: path and method", () => {
    expect({ path: routePathOf(proto.plain), method: requestMethodOf(proto.plain) }).toEqual({
      path: 'plain',
      method: RequestMethod.GET,
    });
    expect(requestMethodOf(proto.decorated)).toBe(RequestMethod.POST);
    // The reach registry tells routes from other methods by the path.
    expect(routePathOf(proto.notARoute)).toBeUndefined();
    if (routePathOf(proto.plain) !== 'plain') throw new Error(broken('route path', NEST));
  });

  it("Nest's pipeline metadata: guards, pipes, interceptors, filters, headers, status, redirect", () => {
    const read = {
      guards: pipelineListOf('guards', KnownController, proto.plain),
      pipes: pipelineListOf('pipes', KnownController, proto.decorated),
      interceptors: pipelineListOf('interceptors', KnownController, proto.decorated),
      filters: pipelineListOf('filters', KnownController, proto.decorated),
      headers: pipelineListOf<{ name: string }>('headers', proto.decorated).map((h) => h.name),
      httpCode: handlerSettingOf('httpCode', proto.decorated),
      redirect: handlerSettingOf('redirect', proto.moved) !== undefined,
    };
    const expected = {
      guards: [AGuard],
      pipes: [APipe],
      interceptors: [AnInterceptor],
      filters: [AFilter],
      headers: ['x-known'],
      httpCode: 202,
      redirect: true,
    };
    for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
      if (JSON.stringify(read[key]) !== JSON.stringify(expected[key]))
        throw new Error(broken(`${key} read ${JSON.stringify(read[key])}`, NEST));
    }
    // And nothing where there is nothing: an empty read is "none", not an error.
    expect(pipelineListOf('pipes', KnownController, proto.plain)).toEqual([]);
    expect(handlerSettingOf('httpCode', proto.plain)).toBeUndefined();
  });

  it("Nest's parameter metadata: @CurrentUser() at its index with its factory", () => {
    const args = routeArgsOf(KnownController, 'plain');
    if (args.length !== 1 || args[0].factory !== currentUserOf || args[0].index !== 0)
      throw new Error(broken('route arguments of a @CurrentUser() method', NEST));
    expect(routeArgsOf(KnownController, 'decorated')).toEqual([]);
  });

  it("Nest's application config: the global pipeline", async () => {
    const app = await NestFactory.create<NestFastifyApplication>(
      KnownModule,
      new FastifyAdapter(),
      { logger: false },
    );
    try {
      const empty = globalPipelineOf(app);
      if (!empty) throw new Error(broken("the app's global pipeline cannot be read", NEST));
      expect(empty).toEqual({ guards: [], interceptors: [], pipes: [] });
      const pipe = new AppValidationPipe();
      const guard = new AGuard();
      const interceptor = new AnInterceptor();
      app.useGlobalPipes(pipe).useGlobalGuards(guard).useGlobalInterceptors(interceptor);
      const set = globalPipelineOf(app)!;
      if (set.pipes[0] !== pipe || set.guards[0] !== guard || set.interceptors[0] !== interceptor)
        throw new Error(broken("the app's global pipeline reads wrong", NEST));
    } finally {
      await app.close();
    }
  });

  describe("TypeORM's PostgreSQL pool", () => {
    const dataSource = new DataSource({ type: 'postgres', url: TEST_DATABASE_URL, poolSize: 2 });
    beforeAll(() => dataSource.initialize());
    afterAll(() => dataSource.destroy());

    it('is a pg Pool, and prepared statements run on it', async () => {
      const master = (dataSource.driver as unknown as { master?: unknown }).master;
      if (!(master instanceof Pool))
        throw new Error(broken('driver.master is not a pg Pool', TYPEORM));
      expect(poolOf(dataSource)).toBe(master);
      const rows = await preparedQuery<{ n: number }>(
        dataSource,
        'framework_internals_probe',
        'SELECT $1::int + 1 AS n',
        [41],
      );
      expect(rows).toEqual([{ n: 42 }]);
      // Inside a transaction it uses the transaction's connection.
      const inTransaction = await dataSource.transaction((manager) =>
        preparedQuery<{ n: number }>(
          manager,
          'framework_internals_probe',
          'SELECT $1::int + 1 AS n',
          [1],
        ),
      );
      expect(inTransaction).toEqual([{ n: 2 }]);
    });

    it('refuses loudly when the driver holds no pg Pool', () => {
      const fake = { driver: { master: {} } } as unknown as DataSource;
      expect(() => poolOf(fake)).toThrow(/not a pg Pool.*typeorm-internals\.ts/);
    });
  });
});

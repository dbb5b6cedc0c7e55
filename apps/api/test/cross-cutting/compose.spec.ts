import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * docker-compose.yml as Compose v2 and the Compose Specification read it, and
 * as older readers do too (there is no Docker engine here to run it): every
 * image built from a Dockerfile in the repository (an inline Dockerfile is
 * rejected by older Compose readers), and every long-running service healthy
 * or not by a healthcheck of its own (compose's or its Dockerfile's), which is
 * what `depends_on: condition: service_healthy` waits for.
 */
const ROOT = resolve(__dirname, '../../../..');

interface Service {
  image?: string;
  profiles?: string[];
  volumes?: string[];
  build?: { context?: string; dockerfile?: string; dockerfile_inline?: string };
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  restart?: string;
}

const compose = parse(readFileSync(resolve(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
};
const services = Object.entries(compose.services);

function dockerfileOf(service: Service): string | undefined {
  if (!service.build) return undefined;
  return resolve(ROOT, service.build.context ?? '.', service.build.dockerfile ?? 'Dockerfile');
}

function hasHealthcheck(service: Service): boolean {
  if (service.healthcheck?.disable) return false;
  if (service.healthcheck?.test) return true;
  const dockerfile = dockerfileOf(service);
  return !!dockerfile && /^HEALTHCHECK\s+(?!NONE)/m.test(readFileSync(dockerfile, 'utf8'));
}

describe('docker-compose.yml', () => {
  it.each(services.filter(([, s]) => s.build))(
    '%s builds from a Dockerfile in the repository',
    (_name, service) => {
      expect(service.build!.dockerfile_inline).toBeUndefined();
      expect(existsSync(dockerfileOf(service)!)).toBe(true);
    },
  );

  it.each(services.filter(([, s]) => s.restart !== 'no'))(
    '%s, long-running, has a healthcheck',
    (_name, service) => {
      expect(hasHealthcheck(service)).toBe(true);
    },
  );

  it('every service waited for as healthy has a healthcheck', () => {
    const waitedFor = services.flatMap(([, service]) =>
      Array.isArray(service.depends_on)
        ? []
        : Object.entries(service.depends_on ?? {})
            .filter(([, rule]) => rule.condition === 'service_healthy')
            .map(([name]) => name),
    );
    expect(waitedFor.length).toBeGreaterThan(0);
    for (const name of waitedFor)
      expect([name, hasHealthcheck(compose.services[name])]).toEqual([name, true]);
  });

  it('the observability profile runs Prometheus, Grafana and an OTLP collector, pinned, with the files of ops/', () => {
    const observability = services.filter(([, s]) => s.profiles?.includes('observability'));
    const images = observability.map(([, s]) => s.image!.split(':')[0]);
    expect(images).toEqual(
      expect.arrayContaining([
        'prom/prometheus',
        'grafana/grafana',
        'otel/opentelemetry-collector',
      ]),
    );
    for (const [name, service] of observability) {
      // A version tag, never latest nor none.
      expect([name, service.image]).toEqual([name, expect.stringMatching(/:v?\d+\.\d+\.\d+$/)]);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('./'))
          expect([name, existsSync(resolve(ROOT, source))]).toEqual([name, true]);
      }
    }
  });

  it('the pgbouncer profile writes its settings from its own entry point', () => {
    const dockerfile = readFileSync(dockerfileOf(compose.services.pgbouncer)!, 'utf8');
    const entry = /^COPY\s+(\S+)\s/m.exec(dockerfile)?.[1];
    expect(entry).toBeDefined();
    expect(readFileSync(resolve(ROOT, entry!), 'utf8')).toContain('pool_mode = transaction');
  });
});

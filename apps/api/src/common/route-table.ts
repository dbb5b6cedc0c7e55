/**
 * The routes Fastify knows, kept so an unmatched request can be told apart:
 * an unknown path is a 404, a known path under the wrong method a 405.
 */
export class RouteTable {
  private readonly routes: { method: string; pattern: RegExp }[] = [];

  add(method: string | string[], url: string) {
    const pattern = new RegExp(
      '^' +
        url
          .split('/')
          .map((part) =>
            part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/') +
        '/?$',
    );
    for (const m of Array.isArray(method) ? method : [method]) {
      if (m !== 'HEAD' && m !== 'OPTIONS') this.routes.push({ method: m, pattern });
    }
  }

  methodsFor(url: string): string[] {
    const path = url.split('?')[0];
    return [...new Set(this.routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
  }
}

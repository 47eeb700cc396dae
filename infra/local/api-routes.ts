/** Route matching as API Gateway HTTP APIs do it: the most specific route wins (literal > {param} > {proxy+}). */
import type { RouteSpec } from '../../functions/routes.js';

export interface CompiledRoute {
  spec: RouteSpec;
  routeKey: string;
  regex: RegExp;
  names: string[];
  /** Per segment: 0 literal, 1 parameter, 2 greedy; lower sorts first. */
  rank: number[];
}

export type RouteMatch =
  | { kind: 'match'; route: CompiledRoute; pathParameters: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function compileRoutes(routes: RouteSpec[]): CompiledRoute[] {
  return routes.map((spec) => {
    const names: string[] = [];
    const rank: number[] = [];
    const parts = spec.path.split('/').map((segment) => {
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy) {
        names.push(greedy[1]);
        rank.push(2);
        return '(.+)';
      }
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]);
        rank.push(1);
        return '([^/]+)';
      }
      rank.push(0);
      return escape(segment);
    });
    return { spec, routeKey: `${spec.method} ${spec.path}`, regex: new RegExp(`^${parts.join('/')}$`), names, rank };
  });
}

const compareRank = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
};

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The route of a request. HEAD takes the GET route of its path, as the deployed API's HEAD routes do (one per GET route,
 * infra/aws/api-stack.ts): its route key says HEAD, and the handler answers it as the GET (functions/platform/http.ts).
 */
export function matchRoute(routes: CompiledRoute[], method: string, rawPath: string): RouteMatch {
  // Every request tries every route: only the routes that match make an object.
  const hits: { route: CompiledRoute; m: RegExpExecArray }[] = [];
  for (const route of routes) {
    const m = route.regex.exec(rawPath);
    if (m) hits.push({ route, m });
  }
  hits.sort((a, b) => compareRank(a.route.rank, b.route.rank));
  if (hits.length === 0) return { kind: 'not_found' };
  const routeMethod = method === 'HEAD' ? 'GET' : method;
  const withMethod = hits.filter((h) => h.route.spec.method === routeMethod);
  if (withMethod.length === 0) {
    const allowed = [...new Set(hits.flatMap((h) => (h.route.spec.method === 'GET' ? ['GET', 'HEAD'] : [h.route.spec.method])))];
    return { kind: 'method_not_allowed', allowed };
  }
  const { route: matched, m } = withMethod[0];
  const route = method === 'HEAD' ? { ...matched, routeKey: `HEAD ${matched.spec.path}` } : matched;
  const pathParameters = Object.fromEntries(route.names.map((name, i) => [name, safeDecode(m[i + 1])]));
  return { kind: 'match', route, pathParameters };
}

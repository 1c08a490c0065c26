/**
 * Routing of API requests: each origin of the simulator serves the operations of one interface
 * (Exchange or Pay) of one network from the operations table, matched by method and path template
 * (`{name}` segments become inputs).
 */
import {
  type Api,
  type OperationDef,
  type OperationId,
  operationIdsOf,
  operations,
} from "../../service/operations.js";
import type { SimNetwork } from "./types.js";

interface Route {
  operationId: OperationId;
  def: OperationDef;
  pattern: RegExp;
  params: string[];
}

export interface RouteMatch {
  api: Api;
  network: SimNetwork;
  operationId: OperationId;
  def: OperationDef;
  params: Record<string, string>;
}

const routesByApi = new Map<Api, Route[]>(
  (["exchange", "pay"] as const).map((api) => [api, operationIdsOf(api).map(compile)]),
);

function compile(operationId: OperationId): Route {
  const def = operations[operationId] as OperationDef;
  const params: string[] = [];
  const source = def.path
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param === null) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      params.push(param[1] as string);
      return "([^/]+)";
    })
    .join("/");
  return { operationId, def, pattern: new RegExp(`^${source}$`), params };
}

/**
 * The operation of interface `api` a request addresses; `{ allow }` when the path exists with other
 * methods only; undefined when the interface has no operation at that path.
 */
export function matchRoute(
  api: Api,
  network: SimNetwork,
  method: string,
  pathname: string,
): RouteMatch | { allow: string[] } | undefined {
  const allow: string[] = [];
  for (const route of routesByApi.get(api) ?? []) {
    const m = route.pattern.exec(pathname);
    if (m === null) continue;
    if (route.def.method !== method) {
      allow.push(route.def.method);
      continue;
    }
    const params = Object.fromEntries(route.params.map((name, i) => [name, safeDecode(m[i + 1] ?? "")]));
    return { api, network, operationId: route.operationId, def: route.def, params };
  }
  return allow.length > 0 ? { allow } : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Left as sent: the operation's schema then refuses it with a 400 like any other bad value.
    return segment;
  }
}

/** Query parameters as an object: a repeated parameter becomes an array, a single one stays a string. */
export function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}

/** The raw input of an operation: path params, the query (GET, DELETE, POST `queryKeys`) and body members. */
export function buildInput(
  def: OperationDef,
  params: Record<string, string>,
  query: Record<string, string | string[]>,
  body: unknown,
): Record<string, unknown> {
  if (def.method !== "POST" && def.method !== "PUT") return { ...query, ...params };
  const fromQuery = Object.fromEntries(
    (def.queryKeys ?? []).filter((k) => k in query).map((k) => [k, query[k]]),
  );
  const members = body !== null && typeof body === "object" && !Array.isArray(body) ? body : {};
  return { ...members, ...fromQuery, ...params };
}

/**
 * A small GraphQL executor for the Shopify sandbox: parses a query document (operations, variables, aliases,
 * arguments, nested selections, inline and named fragments) and resolves it against plain objects whose fields
 * are values or functions of their arguments, answering only the fields asked for, as a GraphQL server does.
 */

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };
type Args = Record<string, unknown>;
/** A resolvable object: each field a value, a nested object or list, or a function of the field's arguments. */
export interface Resolvable {
  __typename?: string;
  [field: string]: unknown;
}

type ValueNode =
  | { kind: 'variable'; name: string }
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'list'; items: ValueNode[] }
  | { kind: 'object'; fields: [string, ValueNode][] };

type Selection =
  | { kind: 'field'; alias: string; name: string; args: [string, ValueNode][]; selections: Selection[] | null }
  | { kind: 'inline'; typeCondition: string | null; selections: Selection[] }
  | { kind: 'spread'; name: string };

interface Operation {
  type: 'query' | 'mutation';
  name: string | null;
  variables: { name: string; defaultValue: ValueNode | null }[];
  selections: Selection[];
}

interface Fragment {
  typeCondition: string;
  selections: Selection[];
}

class GraphQLError extends Error {}

const PUNCTUATION = new Set(['{', '}', '(', ')', '[', ']', ':', '$', '!', '=', '@', '|', '&']);

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/[\s,]/.test(c) || c === '\uFEFF') {
      i++;
    } else if (c === '#') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (source.startsWith('...', i)) {
      tokens.push('...');
      i += 3;
    } else if (PUNCTUATION.has(c)) {
      tokens.push(c);
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== '"') j += source[j] === '\\' ? 2 : 1;
      // The JSON parse reads GraphQL's escapes, which are JSON's.
      tokens.push(source.slice(i, j + 1));
      i = j + 1;
    } else {
      const match = /^[-\w.]+/.exec(source.slice(i));
      if (!match) throw new GraphQLError(`Syntax error: unexpected character "${c}"`);
      tokens.push(match[0]);
      i += match[0].length;
    }
  }
  return tokens;
}

function parse(source: string): { operations: Operation[]; fragments: Map<string, Fragment> } {
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    if (at >= tokens.length) throw new GraphQLError('Syntax error: unexpected end of document');
    return tokens[at++];
  };
  const expect = (token: string) => {
    const got = next();
    if (got !== token) throw new GraphQLError(`Syntax error: expected "${token}", found "${got}"`);
  };
  const name = () => {
    const got = next();
    if (!/^[_A-Za-z]\w*$/.test(got)) throw new GraphQLError(`Syntax error: expected a name, found "${got}"`);
    return got;
  };

  const value = (): ValueNode => {
    const token = next();
    if (token === '$') return { kind: 'variable', name: name() };
    if (token === '[') {
      const items: ValueNode[] = [];
      while (peek() !== ']') items.push(value());
      next();
      return { kind: 'list', items };
    }
    if (token === '{') {
      const fields: [string, ValueNode][] = [];
      while (peek() !== '}') {
        const key = name();
        expect(':');
        fields.push([key, value()]);
      }
      next();
      return { kind: 'object', fields };
    }
    if (token.startsWith('"')) return { kind: 'literal', value: JSON.parse(token) as string };
    if (token === 'true' || token === 'false') return { kind: 'literal', value: token === 'true' };
    if (token === 'null') return { kind: 'literal', value: null };
    if (/^-?\d/.test(token)) return { kind: 'literal', value: Number(token) };
    // An enum value (CREATED_AT) is read as its name.
    return { kind: 'literal', value: token };
  };

  const type = () => {
    if (peek() === '[') {
      next();
      type();
      expect(']');
    } else name();
    if (peek() === '!') next();
  };

  const directives = () => {
    while (peek() === '@') {
      next();
      name();
      if (peek() === '(') arguments_();
    }
  };

  const arguments_ = (): [string, ValueNode][] => {
    const args: [string, ValueNode][] = [];
    expect('(');
    while (peek() !== ')') {
      const key = name();
      expect(':');
      args.push([key, value()]);
    }
    next();
    return args;
  };

  const selectionSet = (): Selection[] => {
    expect('{');
    const selections: Selection[] = [];
    while (peek() !== '}') {
      if (peek() === '...') {
        next();
        if (peek() === 'on' || peek() === '{' || peek() === '@') {
          let typeCondition: string | null = null;
          if (peek() === 'on') {
            next();
            typeCondition = name();
          }
          directives();
          selections.push({ kind: 'inline', typeCondition, selections: selectionSet() });
        } else {
          selections.push({ kind: 'spread', name: name() });
          directives();
        }
        continue;
      }
      const alias = name();
      let field = alias;
      if (peek() === ':') {
        next();
        field = name();
      }
      const args = peek() === '(' ? arguments_() : [];
      directives();
      selections.push({ kind: 'field', alias, name: field, args, selections: peek() === '{' ? selectionSet() : null });
    }
    next();
    return selections;
  };

  const operations: Operation[] = [];
  const fragments = new Map<string, Fragment>();
  while (at < tokens.length) {
    if (peek() === '{') {
      operations.push({ type: 'query', name: null, variables: [], selections: selectionSet() });
      continue;
    }
    const keyword = next();
    if (keyword === 'fragment') {
      const fragmentName = name();
      expect('on');
      const typeCondition = name();
      directives();
      fragments.set(fragmentName, { typeCondition, selections: selectionSet() });
      continue;
    }
    if (keyword !== 'query' && keyword !== 'mutation') throw new GraphQLError(`Syntax error: unexpected "${keyword}"`);
    const operationName = peek() !== '(' && peek() !== '{' && peek() !== '@' ? name() : null;
    const variables: Operation['variables'] = [];
    if (peek() === '(') {
      next();
      while (peek() !== ')') {
        expect('$');
        const variable = name();
        expect(':');
        type();
        let defaultValue: ValueNode | null = null;
        if (peek() === '=') {
          next();
          defaultValue = value();
        }
        variables.push({ name: variable, defaultValue });
      }
      next();
    }
    directives();
    operations.push({ type: keyword, name: operationName, variables, selections: selectionSet() });
  }
  return { operations, fragments };
}

function evaluate(node: ValueNode, variables: Args): unknown {
  switch (node.kind) {
    case 'variable':
      return variables[node.name] ?? null;
    case 'literal':
      return node.value;
    case 'list':
      return node.items.map((item) => evaluate(item, variables));
    case 'object':
      return Object.fromEntries(node.fields.map(([key, item]) => [key, evaluate(item, variables)]));
  }
}

const isResolvable = (value: unknown): value is Resolvable => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Runs the document's operation (the one named `operationName`, else its only one) against `roots` (its `query` and
 * `mutation` objects). Answers `{ data }`, or `{ errors }` for a document it cannot read or a field it does not serve.
 */
export async function execute(
  roots: { query: Resolvable; mutation: Resolvable },
  request: { query: string; variables?: Args | null; operationName?: string | null },
): Promise<{ data?: Record<string, Value>; errors?: { message: string }[] }> {
  try {
    const { operations, fragments } = parse(request.query);
    const operation = request.operationName ? operations.find((o) => o.name === request.operationName) : operations[0];
    if (!operation || (!request.operationName && operations.length > 1)) throw new GraphQLError('Must provide the operation to run');
    const variables: Args = {};
    for (const v of operation.variables) {
      variables[v.name] = request.variables?.[v.name] ?? (v.defaultValue ? evaluate(v.defaultValue, {}) : null);
    }

    const fieldsOf = (selections: Selection[], typename: string | undefined): Extract<Selection, { kind: 'field' }>[] =>
      selections.flatMap((s) => {
        if (s.kind === 'field') return [s];
        if (s.kind === 'inline') return !s.typeCondition || s.typeCondition === typename ? fieldsOf(s.selections, typename) : [];
        const fragment = fragments.get(s.name);
        if (!fragment) throw new GraphQLError(`Unknown fragment "${s.name}"`);
        return fragment.typeCondition === typename ? fieldsOf(fragment.selections, typename) : [];
      });

    const resolve = async (value: unknown, selections: Selection[] | null, path: string): Promise<Value> => {
      if (value === null || value === undefined) return null;
      if (Array.isArray(value)) return Promise.all(value.map((item, i) => resolve(item, selections, `${path}.${i}`)));
      if (!selections) {
        if (isResolvable(value)) throw new GraphQLError(`Field "${path}" of type object must have a selection of subfields`);
        return value as Value;
      }
      if (!isResolvable(value)) throw new GraphQLError(`Field "${path}" must not have a selection since it has no subfields`);
      const out: Record<string, Value> = {};
      for (const field of fieldsOf(selections, value.__typename)) {
        if (field.name === '__typename') {
          out[field.alias] = value.__typename ?? null;
          continue;
        }
        if (!(field.name in value)) throw new GraphQLError(`Field '${field.name}' doesn't exist on type '${value.__typename ?? 'Object'}'`);
        const raw = value[field.name];
        const args = Object.fromEntries(field.args.map(([key, node]) => [key, evaluate(node, variables)]));
        const resolved: unknown = typeof raw === 'function' ? await (raw as (args: Args) => unknown)(args) : raw;
        out[field.alias] = await resolve(resolved, field.selections, `${path}.${field.alias}`);
      }
      return out;
    };

    const data = await resolve(roots[operation.type], operation.selections, operation.type);
    return { data: data as Record<string, Value> };
  } catch (error) {
    if (error instanceof GraphQLError) return { errors: [{ message: error.message }] };
    throw error;
  }
}

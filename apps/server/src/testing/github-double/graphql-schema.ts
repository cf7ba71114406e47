import { schema } from '@octokit/graphql-schema';
import {
  buildClientSchema,
  getNamedType,
  GraphQLError,
  isObjectType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
  type IntrospectionQuery,
  type ValueNode,
} from 'graphql';

/**
 * GitHub's published GraphQL schema (`@octokit/graphql-schema`), built once per process, and the
 * connection rules GitHub enforces beyond the schema: every connection needs `first` or `last`,
 * and neither may exceed 100.
 */
let built: GraphQLSchema | undefined;

export function gitHubSchema(): GraphQLSchema {
  if (!built) {
    // The introspection form: the SDL of this release defines one field twice, which graphql-js
    // refuses, while the introspection result GitHub serves is consistent.
    const json = schema.json as { data?: IntrospectionQuery } & IntrospectionQuery;
    built = buildClientSchema(json.data ?? json);
  }
  return built;
}

const MAX_PAGE = 100;

function numberOf(value: ValueNode | undefined, variables: Record<string, unknown>): unknown {
  if (!value) return undefined;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) return variables[value.name.value];
  if (value.kind === Kind.NULL) return undefined;
  return undefined;
}

/** GitHub's messages, word for word, for the connection limits it checks before executing. */
export function connectionLimitErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): GraphQLError[] {
  const errors: GraphQLError[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const definition = typeInfo.getFieldDef();
        const type = definition ? getNamedType(definition.type) : undefined;
        if (!definition || !type || !isObjectType(type) || !type.name.endsWith('Connection'))
          return;
        const takesPages = definition.args.some((arg) => arg.name === 'first');
        if (!takesPages) return;
        const field = node.name.value;
        const given = (name: string) =>
          numberOf(node.arguments?.find((arg) => arg.name.value === name)?.value, variables);
        const first = given('first');
        const last = given('last');
        if (first === undefined && last === undefined) {
          errors.push(
            new GraphQLError(
              `You must provide a \`first\` or \`last\` value to properly paginate the \`${field}\` connection.`,
              { nodes: node },
            ),
          );
        }
        for (const [name, value] of [
          ['first', first],
          ['last', last],
        ] as const) {
          if (typeof value === 'number' && value > MAX_PAGE) {
            errors.push(
              new GraphQLError(
                `Requesting ${value} records on the \`${field}\` connection exceeds the \`${name}\` limit of ${MAX_PAGE} records.`,
                { nodes: node },
              ),
            );
          }
        }
      },
    }),
  );
  return errors;
}

// orval's input transformer (orval.config.ts). openapi.json lets every request carry fields
// its schema does not name, under the server's rule for their texts (`PlainJson`): that is
// for other clients and for the server's fuzzer. A TypeScript client has no reason to send
// such fields, and orval 7.13 would write the rule as an index signature whose type it does
// not import, so the generated SDK keeps exact types without it.
export default (spec) => {
  const schemas = spec.components?.schemas ?? {};
  for (const schema of Object.values(schemas)) {
    if (schema.additionalProperties?.$ref === '#/components/schemas/PlainJson') {
      delete schema.additionalProperties;
      delete schema.propertyNames;
    }
  }
  delete schemas.PlainJson;
  return spec;
};

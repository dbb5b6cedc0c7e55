/**
 * The client half of the contract pipeline: openapi.json (written by the API)
 * to React Query hooks. Output is committed; it carries no timestamp, so a
 * re-run on an unchanged openapi.json produces identical files.
 */
module.exports = {
  api: {
    input: { target: './openapi.json' },
    output: {
      mode: 'split',
      target: 'src/generated/endpoints.ts',
      schemas: 'src/generated/model',
      client: 'react-query',
      httpClient: 'axios',
      clean: true,
      formatter: 'prettier',
      override: {
        mutator: { path: 'src/http-client.ts', name: 'httpClient' },
        query: { signal: true },
      },
    },
  },
};

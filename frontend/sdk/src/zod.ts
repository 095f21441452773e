//! zod schemas generated from openapi.json, also reachable as `schemas` from the package root.
export * from './generated/zod';

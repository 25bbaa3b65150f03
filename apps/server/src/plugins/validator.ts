import { controlCharacterIssues } from '@strata/contracts/control-characters';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type TValidatorResult = { value: unknown } | { error: FastifySchemaValidationError[] };

/**
 * fastify-type-provider-zod's validator, plus the one check every text of every route needs: no control
 * characters and no unpaired surrogates (PostgreSQL cannot store NUL, nor a lone surrogate in jsonb, so
 * without this each text field was a 500). It runs on the raw part (body, querystring, params), so nested
 * JSON blobs are covered; its issues join zod's in the same shape, answered as 400 VALIDATION_FAILED by
 * plugins/errors.ts.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]) as (
    data: unknown,
  ) => TValidatorResult;
  return (data: unknown) => {
    const found = controlCharacterIssues(data, route.schema);
    const result = validate(data);
    if (found.length === 0) return result;
    const issues = found.map(
      (issue): FastifySchemaValidationError => ({
        keyword: 'text',
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: '#/text',
        params: {},
        message: issue.message,
      }),
    );
    return { error: [...issues, ...('error' in result ? result.error : [])] };
  };
};

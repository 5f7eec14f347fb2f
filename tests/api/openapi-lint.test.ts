// The OpenAPI document read by two independent tools: swagger-parser's validate() (what `swagger-cli validate` runs) and Redocly's recommended rules.
import SwaggerParser from '@apidevtools/swagger-parser';
import { BaseResolver, createConfig, lintDocument, makeDocumentFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/rest/openapi';

describe('the OpenAPI document, read by other tools', () => {
  it('passes swagger-parser’s validation (swagger-cli validate)', async () => {
    // validate() dereferences the object it is given in place: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(openApiDocument()) as never)).resolves.toMatchObject({ openapi: '3.1.0' });
  });

  it('has no problem, error or warning, under Redocly’s recommended rules', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const document = makeDocumentFromString(JSON.stringify(openApiDocument()), 'openapi.json');
    const problems = await lintDocument({ document, config, externalRefResolver: new BaseResolver() });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
  });
});

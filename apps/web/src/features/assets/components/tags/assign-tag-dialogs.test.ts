import type { TAssetTag, TTag } from '@strata/contracts/tags';
import { describe, expect, it } from 'vitest';
import { assignProblem } from './assign-tag-dialogs.tsx';

const tag = (id: string, tag_name: string, tag_value: string) =>
  ({ id, tag_name, tag_value, repository_id: 'r', assets: [] }) as unknown as TTag;
const onAsset = (tag_name: string, tag_value: string) =>
  ({ id: 'at', asset_id: 'a', tag_id: 't', tag_name, tag_value }) as TAssetTag;

describe('assignProblem', () => {
  const tags = [tag('t1', 'Region', 'Europe'), tag('t2', 'Risk', 'High')];

  it('finds the pair among the repository tags', () => {
    expect(assignProblem({ tag_name: 'Region', tag_value: ' Europe ' }, [], tags)).toEqual({ tag: tags[0] });
  });

  it("refuses a name the asset already carries with the seed's words", () => {
    expect(
      assignProblem({ tag_name: 'region', tag_value: 'Asia' }, [onAsset('Region', 'Europe')], tags),
    ).toEqual({
      message: 'A tag with this name already exists',
    });
  });

  it('refuses an unknown pair', () => {
    expect(assignProblem({ tag_name: 'Region', tag_value: 'Mars' }, [], tags)).toEqual({
      message: 'There is no such tag',
    });
  });
});

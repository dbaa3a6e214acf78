import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext, TestOrganisation } from '../../test/harness.ts';
import { refusedPaths } from '../../test/refusals.ts';
import { type Api, startDesk } from '../members/test-helpers.ts';

let ctx: TestContext, org: TestOrganisation, desk: Api, deskA: Api, trainer: Api, outsider: Api;

beforeAll(async () => ({ ctx, org, desk, deskA, trainer, outsider } = await startDesk()));
afterAll(() => ctx?.close());

describe('member groups', () => {
  it('creates, renames, recolours and lists groups with their member counts', async () => {
    const created = await desk.post('/groups', { name: 'Seniors', description: 'Over 60' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Seniors', description: 'Over 60', color: '#7367f0', memberCount: 0 });
    const id = created.json().id;
    const renamed = await desk.patch(`/groups/${id}`, { name: 'Golden age', color: '#28C76F' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Golden age', color: '#28C76F', description: 'Over 60' });
    const list = (await trainer.get('/groups?keyword=golden')).json();
    expect(list).toMatchObject({ total: 1, items: [{ id, name: 'Golden age' }] });
  });

  it('refuses a name already used in the organisation, whatever its case (409 name_taken)', async () => {
    await desk.post('/groups', { name: 'Swimmers' });
    const res = await desk.post('/groups', { name: 'SWIMMERS' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'name_taken', fields: [{ path: 'name', code: 'name_taken' }] });
    const other = (await desk.post('/groups', { name: 'Runners' })).json();
    expect((await desk.patch(`/groups/${other.id}`, { name: 'swimmers' })).statusCode).toBe(409);
    // Another organisation may use the name.
    expect((await outsider.post('/groups', { name: 'Swimmers' })).statusCode).toBe(201);
  });

  it('validates fields by name', async () => {
    const res = await desk.post('/groups', { name: '', color: 'red' });
    expect(res.statusCode).toBe(400);
    expect(refusedPaths(res)).toEqual(['color', 'name']);
  });

  it('adds members idempotently and lists them through the member list', async () => {
    const group = (await desk.post('/groups', { name: 'Yoga' })).json();
    const [a, b] = [await org.newMember(), await org.newMember()];
    const first = await desk.post(`/groups/${group.id}/members`, { memberIds: [a.id, b.id, a.id] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ added: 2, memberCount: 2 });
    const again = await desk.post(`/groups/${group.id}/members`, { memberIds: [a.id] });
    expect(again.json()).toEqual({ added: 0, memberCount: 2 });
    const listed = (await desk.get(`/students?groupId=${group.id}`)).json();
    expect(listed.items.map((i: { id: string }) => i.id).sort()).toEqual([a.id, b.id].sort());

    expect((await desk.delete(`/groups/${group.id}/members/${a.id}`)).statusCode).toBe(204);
    expect((await desk.delete(`/groups/${group.id}/members/${a.id}`)).statusCode).toBe(204);
    expect((await desk.get(`/students?groupId=${group.id}`)).json().total).toBe(1);
    expect((await desk.get(`/students/${b.id}`)).json().groups).toEqual([{ id: group.id, name: 'Yoga' }]);
  });

  it('adds only members the caller can see, all or nothing', async () => {
    const group = (await desk.post('/groups', { name: 'Pilates' })).json();
    const atA = await org.newMember();
    const atB = await org.newMember({ homeCenterId: org.centers[1]!.id });
    const res = await deskA.post(`/groups/${group.id}/members`, { memberIds: [atA.id, atB.id] });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields[0].path).toBe('memberIds');
    expect((await desk.get(`/students?groupId=${group.id}`)).json().total).toBe(0);
    // The centre-limited desk counts only the members it can see.
    await desk.post(`/groups/${group.id}/members`, { memberIds: [atA.id, atB.id] });
    const seen = (await deskA.get('/groups?keyword=pilates')).json().items[0];
    expect(seen.memberCount).toBe(1);
    expect((await desk.get('/groups?keyword=pilates')).json().items[0].memberCount).toBe(2);
  });

  it('deleting a group keeps its members', async () => {
    const group = (await desk.post('/groups', { name: 'Temporary' })).json();
    const m = await org.newMember();
    await desk.post(`/groups/${group.id}/members`, { memberIds: [m.id] });
    expect((await desk.delete(`/groups/${group.id}`)).statusCode).toBe(204);
    expect((await desk.delete(`/groups/${group.id}`)).statusCode).toBe(404);
    const member = await desk.get(`/students/${m.id}`);
    expect(member.statusCode).toBe(200);
    expect(member.json().groups).toEqual([]);
  });

  it('keeps other organisations’ groups and members out of reach', async () => {
    const mine = (await desk.post('/groups', { name: 'Private' })).json();
    const m = await org.newMember();
    expect((await outsider.patch(`/groups/${mine.id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await outsider.delete(`/groups/${mine.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`/groups/${mine.id}/members`, { memberIds: [m.id] })).statusCode).toBe(404);
    const theirs = (await outsider.post('/groups', { name: 'Theirs' })).json();
    expect((await outsider.post(`/groups/${theirs.id}/members`, { memberIds: [m.id] })).statusCode).toBe(404);
    expect((await outsider.get('/groups')).json().items.map((g: { id: string }) => g.id)).not.toContain(mine.id);
  });

  it('lets a trainer read groups but not change them', async () => {
    expect((await trainer.get('/groups')).statusCode).toBe(200);
    expect((await trainer.post('/groups', { name: 'Nope' })).statusCode).toBe(403);
  });
});

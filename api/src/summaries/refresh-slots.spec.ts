import { RefreshSlots } from './refresh-slots';

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('RefreshSlots', () => {
  it('grants as many places as it has, then makes the rest wait and grants them in the order asked', async () => {
    const slots = new RefreshSlots(2);
    const granted: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) void slots.take().then(() => granted.push(name));
    await settled();
    expect(granted).toEqual(['a', 'b']);

    slots.release();
    await settled();
    expect(granted).toEqual(['a', 'b', 'c']);
    slots.release();
    await settled();
    expect(granted).toEqual(['a', 'b', 'c', 'd']);
  });

  it('hands a released place to the one waiting, not to a newcomer asking in the same moment', async () => {
    const slots = new RefreshSlots(1);
    await slots.take();
    const order: string[] = [];
    void slots.take().then(() => order.push('waiting'));
    slots.release();
    void slots.take().then(() => order.push('newcomer'));
    await settled();
    expect(order).toEqual(['waiting']);
  });

  it('frees a place given back while nobody waits', async () => {
    const slots = new RefreshSlots(1);
    await slots.take();
    slots.release();
    expect(await slots.take()).toBe(true);
  });

  it('once closed, turns away those waiting and those who ask later', async () => {
    const slots = new RefreshSlots(1);
    await slots.take();
    const waiting = slots.take();
    slots.close();
    expect(await waiting).toBe(false);
    expect(await slots.take()).toBe(false);
  });
});

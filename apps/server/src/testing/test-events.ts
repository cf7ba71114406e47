import { EventBus } from '../modules/events/index.js';

/** An event bus for a test that builds a writer by hand: a subscriber's failure fails the test. */
export const testEvents = () =>
  new EventBus((error) => {
    throw error;
  });

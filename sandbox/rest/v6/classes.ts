import { joinTables, type HandlerTable } from '../call';
import { classReadHandlers } from './classReads';
import { classRosterHandlers } from './classRoster';
import { classSchedulingHandlers } from './classScheduling';
import { enrollmentV6Handlers } from './enrollmentHandlers';
import { pickASpotHandlers } from './pickASpot';
import { visitV6Handlers } from './visitHandlers';

/** The v6 operations on classes, enrollments, visits and Pick-a-Spot. */
export const classesV6Handlers: HandlerTable = joinTables([
	classReadHandlers,
	classRosterHandlers,
	classSchedulingHandlers,
	enrollmentV6Handlers,
	pickASpotHandlers,
	visitV6Handlers,
]);

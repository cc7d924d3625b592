// HR's realtime event names, without zod, so a page that only listens (the dashboard's HR tile) does not download it
// (decision 0029).

/** HrRequestUpdated on `user.{id}` (requester, current and past approvers): the request's list row. */
export const hrRequestUpdatedEvent = 'HrRequestUpdated';
/** HrFormAssigned on `user.{id}`: a form was assigned (or assigned again) to the user; payload hrFormAssignedSchema. */
export const hrFormAssignedEvent = 'HrFormAssigned';

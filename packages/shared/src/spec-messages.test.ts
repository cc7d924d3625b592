// The spec's words, verbatim (../shared/spec): every message, label and name constant whose text the spec gives is
// pinned here to that text as a literal, so a drifted wording fails even where other tests assert through the constant.
import { describe, expect, it } from 'vitest';
import {
  clientAccountFieldGroups,
  credentialChangeLabels,
  employeeFieldGroups,
  humanResourcesPermission,
  manageUserSessionsPermission,
} from './account-policy.ts';
import { passwordResetSentMessage, passwordUpdatedLoginMessage } from './account-security.ts';
import { accountLockedMessage, invalidLoginMessage, invalidPasswordMessage, twoFactorFailedMessage } from './auth.ts';
import { chatMessageSentEvent } from './chat.ts';
import { clientAccountCreateFailedMessage, clientAccountsEmptyMessage } from './client-accounts.ts';
import {
  companyCreateFailedMessage,
  downloadFailedMessage,
  noNotesPlaceholder,
  siteCityRequiredMessage,
  siteNameRequiredMessage,
  siteRegionRequiredMessage,
} from './companies.ts';
import {
  contractCreateFailedMessage,
  contractUpdateFailedMessage,
  itemRequiredMessage,
  itemSearchHint,
  quantityRequiredMessage,
} from './contracts.ts';
import { employeeLoadFailedMessage, passwordPlaceholder } from './employee-form.ts';
import { noRegionLabel } from './employees.ts';
import {
  flagCreateFailedMessage,
  flagDeleteConfirmButton,
  flagDeleteConfirmText,
  flagDeleteConfirmTitle,
  flagRemovedMessage,
  flagRestoredMessage,
} from './flags.ts';
import { holidayErrorMessage } from './holidays.ts';
import {
  ANALYSIS_SUBJECT,
  AVG_UPDATES_LABEL,
  BASELINE_SUBJECT,
  INCOMPLETE_LABEL,
  eventLogNote,
  exchangeFailedMessage,
} from './maintenance.ts';
import { NOTIFICATION_ASSIGNED_TICKET } from './notification-types.ts';
import { adminPermissionsWarning, permissionsUpdatedMessage } from './permissions.ts';
import { laborMessages, stepsClockReason } from './project-labor.ts';
import { planningWarningMessage, projectSaveFailedMessage } from './projects.ts';
import { ptoEndless, ptoErrorMessage } from './pto.ts';
import { authenticateEvent, editingEvent, presenceEvent, subscribeEvent } from './realtime.ts';
import { settingsUpdatedMessage } from './settings.ts';
import { noAnnualReplacementPlan, noRefreshStrategiesText, refreshStrategySaveFailedMessage } from './strategies.ts';
import { ticketSaveFailedMessage } from './ticket-queue.ts';
import { TICKET_DISPATCH_PERMISSION, notesMismatchMessage, todoFailedMessage } from './tickets.ts';
import { userCreateFailedMessage, userDeletedMessage } from './users.ts';
import { WHITEBOARD_IMAGE_FOLDER, whiteboardMessages } from './whiteboard.ts';

describe("the spec's messages", () => {
  it('account-policy', () => {
    expect(humanResourcesPermission).toBe('view human resources');
    expect(manageUserSessionsPermission).toBe('manage user sessions');
    expect(employeeFieldGroups.name).toBe('profile');
    expect(employeeFieldGroups.photo).toBe('profile');
    expect(employeeFieldGroups.phone_number).toBe('profile');
    expect(employeeFieldGroups.address).toBe('profile');
    expect(employeeFieldGroups.city).toBe('profile');
    expect(employeeFieldGroups.state).toBe('profile');
    expect(employeeFieldGroups.zip).toBe('profile');
    expect(employeeFieldGroups.timezone_id).toBe('profile');
    expect(employeeFieldGroups.birthday).toBe('profile');
    expect(employeeFieldGroups.email).toBe('credentials');
    expect(employeeFieldGroups.password).toBe('credentials');
    expect(employeeFieldGroups.twofactor_enabled).toBe('credentials');
    expect(employeeFieldGroups.active).toBe('credentials');
    expect(employeeFieldGroups.permissions).toBe('permissions');
    expect(clientAccountFieldGroups.name).toBe('profile');
    expect(clientAccountFieldGroups.title).toBe('profile');
    expect(clientAccountFieldGroups.site_id).toBe('profile');
    expect(clientAccountFieldGroups.phone_number).toBe('profile');
    expect(clientAccountFieldGroups.office_number).toBe('profile');
    expect(clientAccountFieldGroups.email).toBe('credentials');
    expect(clientAccountFieldGroups.password).toBe('credentials');
    expect(clientAccountFieldGroups.company_id).toBe('credentials');
    expect(credentialChangeLabels.password).toBe('password');
    expect(credentialChangeLabels.email).toBe('e-mail address');
    expect(credentialChangeLabels.company).toBe('company');
  });
  it('account-security', () => {
    expect(passwordResetSentMessage).toBe('Password reset link sent to your email.');
    expect(passwordUpdatedLoginMessage).toBe('Password has been updated. Login below.');
  });
  it('auth', () => {
    expect(invalidLoginMessage).toBe('Invalid email / password.');
    expect(twoFactorFailedMessage).toBe('Error validating code.');
    expect(invalidPasswordMessage).toBe('Invalid password.');
    expect(accountLockedMessage).toBe('Account Locked');
  });
  it('chat', () => {
    expect(chatMessageSentEvent).toBe('Message.Sent');
  });
  it('client-accounts', () => {
    expect(clientAccountCreateFailedMessage).toBe('Some error occured! Please try again');
    expect(clientAccountsEmptyMessage).toBe('No Accounts Found');
  });
  it('companies', () => {
    expect(companyCreateFailedMessage).toBe('Some error occured! Please try again');
    expect(siteNameRequiredMessage).toBe('Name Required');
    expect(siteRegionRequiredMessage).toBe('Region Required');
    expect(siteCityRequiredMessage).toBe('City Required');
    expect(noNotesPlaceholder).toBe('No Notes');
    expect(downloadFailedMessage).toBe('Unable to download file.');
  });
  it('contracts', () => {
    expect(contractCreateFailedMessage).toBe('Some error occured! Please try again');
    expect(contractUpdateFailedMessage).toBe('An error occured.');
    expect(quantityRequiredMessage).toBe('Quantity must be set.');
    expect(itemRequiredMessage).toBe('Item must be selected');
    expect(itemSearchHint).toBe('Type 3 Characters to Search');
  });
  it('employee-form', () => {
    expect(employeeLoadFailedMessage).toBe('An Error Occured ');
    expect(passwordPlaceholder).toBe('Min 6 Characters');
  });
  it('employees', () => {
    expect(noRegionLabel).toBe('No Region');
  });
  it('flags', () => {
    expect(flagRemovedMessage).toBe('Flag has been removed.');
    expect(flagRestoredMessage).toBe('Flag has been restored.');
    expect(flagCreateFailedMessage).toBe('Some error occured! Please try again');
    expect(flagDeleteConfirmTitle).toBe('Are you sure?');
    expect(flagDeleteConfirmText).toBe('This flag will no longer show on client tickets.');
    expect(flagDeleteConfirmButton).toBe('Yes, delete it!');
  });
  it('holidays', () => {
    expect(holidayErrorMessage).toBe('An Error Occured');
  });
  it('maintenance', () => {
    expect(AVG_UPDATES_LABEL).toBe('Yes for AVG Updates');
    expect(INCOMPLETE_LABEL).toBe('Incomplete');
    expect(BASELINE_SUBJECT).toBe('Baseline Security');
    expect(ANALYSIS_SUBJECT).toBe('Server Analysis');
    expect(exchangeFailedMessage).toBe('An error occured.');
    expect(eventLogNote).toBe('Create a ticket for each question you answer yes to.');
  });
  it('notification-types', () => {
    expect(NOTIFICATION_ASSIGNED_TICKET).toBe('Assigned Ticket');
  });
  it('permissions', () => {
    expect(adminPermissionsWarning).toBe('Do Not Touch The Admin Permissions');
    expect(permissionsUpdatedMessage).toBe('Permissions Updated');
  });
  it('project-labor', () => {
    expect(stepsClockReason).toBe('Use Steps');
    expect(laborMessages.subStepsOpen).toBe('All Substeps Must Be Closed');
  });
  it('projects', () => {
    expect(projectSaveFailedMessage).toBe('An error occured.');
    expect(planningWarningMessage).toBe(
      'Clients are required to approve planning for projects. Do not work on this project until planning has been approved.',
    );
  });
  it('pto', () => {
    expect(ptoEndless).toBe('Endless');
    expect(ptoErrorMessage).toBe('An error occured.');
  });
  it('realtime', () => {
    expect(subscribeEvent).toBe('subscribe');
    expect(authenticateEvent).toBe('authenticate');
    expect(presenceEvent).toBe('presence');
    expect(editingEvent).toBe('editing');
  });
  it('settings', () => {
    expect(settingsUpdatedMessage).toBe('Settings Updated');
  });
  it('strategies', () => {
    expect(noAnnualReplacementPlan).toBe('No Annual Replacement Plan');
    expect(refreshStrategySaveFailedMessage).toBe('An Error Occured');
    expect(noRefreshStrategiesText).toBe('No Refresh Strategies Have Been Completed For This Client');
  });
  it('ticket-queue', () => {
    expect(ticketSaveFailedMessage).toBe('An error occured.');
  });
  it('tickets', () => {
    expect(notesMismatchMessage).toBe(
      'Text in the editor does not match the database. Either save or restore from the database.',
    );
    expect(todoFailedMessage).toBe('Some error occured! Please try again.');
    expect(TICKET_DISPATCH_PERMISSION).toBe('edit tech resources');
  });
  it('users', () => {
    expect(userDeletedMessage).toBe('Deleted!');
    expect(userCreateFailedMessage).toBe('Some error occured! Please try again');
  });
  it('whiteboard', () => {
    expect(WHITEBOARD_IMAGE_FOLDER).toBe('whiteboard');
    expect(whiteboardMessages.saveFailed).toBe('An error occured.');
  });
});

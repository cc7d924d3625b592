import { useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { usePermissions } from '../../lib/auth-store.ts';
import { ApplicantDrawer } from './applicant-drawer.tsx';
import { JobBoard } from './job-board.tsx';
import { JobDetails } from './job-details.tsx';
import { MyInterviews } from './my-interviews.tsx';
import { OpeningFormPage } from './opening-form.tsx';
import { OpeningsList } from './openings-list.tsx';

// /hr/jobs/{view?}/{jobId?} with 'manage jobs' (designs/hr.md §5): the openings, create, edit/{id}, board/{id} and
// details/{id}; ?applicant={id} opens the applicant's drawer over any of them (the bell's link has no job). An
// interviewer without 'manage jobs' gets their interviews instead, and the drawer's limited view (the server decides).

const positiveId = (value: string | null | undefined): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

export function JobsPage() {
  const { view, jobId } = useParams();
  const [params, setParams] = useSearchParams();
  const manages = usePermissions().includes('manage jobs');
  const id = positiveId(jobId);
  const applicantId = positiveId(params.get('applicant'));
  const interviewDate = /^\d{4}-\d{2}-\d{2}$/.test(params.get('interview_date') ?? '')
    ? params.get('interview_date')
    : null;
  const closeApplicant = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('applicant');
      next.delete('interview_date');
      return next;
    });

  let body;
  if (!manages) body = view === undefined && jobId === undefined ? <MyInterviews /> : <NotFoundPage />;
  else if (view === undefined && jobId === undefined) body = <OpeningsList />;
  else if (view === 'create' && jobId === undefined) body = <OpeningFormPage jobId={null} />;
  else if (view === 'edit' && id !== null) body = <OpeningFormPage key={id} jobId={id} />;
  else if (view === 'board' && id !== null) body = <JobBoard key={id} jobId={id} />;
  else if (view === 'details' && id !== null) body = <JobDetails key={id} jobId={id} />;
  else body = <NotFoundPage />;

  return (
    <>
      {body}
      {applicantId !== null && (
        <ApplicantDrawer applicantId={applicantId} interviewDate={interviewDate} onClose={closeApplicant} />
      )}
    </>
  );
}

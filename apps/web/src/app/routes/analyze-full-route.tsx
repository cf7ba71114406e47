import { useParams } from 'react-router-dom';
import { AnalyzeFullPage } from '../../features/analysis/components/analyze-full-page';
import { useProjects } from '../../features/projects/api/list-projects';

/** Looks the project's name up in the list the projects feature already loads. */
export function AnalyzeFullRoute() {
  const { id = '' } = useParams();
  const { data: projects } = useProjects();
  const name = projects?.find((project) => project.id === id)?.name;
  return <AnalyzeFullPage projectId={id} projectName={name} />;
}

import { UPLOAD_FORMATS_LABEL } from '@shared/constants';
import { PageHeader } from '@/components/ui/page-header';

/** Upload and generate (placeholder: the upload feature fills in the form). */
export function UploadPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        title="Upload Your Project"
        subtitle={`Upload architectural drawings (${UPLOAD_FORMATS_LABEL}) and generate 3D visualizations.`}
      />
    </div>
  );
}

import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import Header from "@cloudscape-design/components/header";
import { useNavigate } from "react-router";
import { usePageMeta } from "../../lib/page-meta";

/** A console address that names no page (e.g. a mistyped /admin/...). */
export default function ConsoleNotFound() {
  usePageMeta("Page Not Found", "This console page does not exist.");
  const navigate = useNavigate();
  return (
    <Container header={<Header variant="h1">404 Page Not Found</Header>}>
      <Box variant="p">There is no console page at this address.</Box>
      <Button variant="primary" onClick={() => navigate("/queue")}>
        Go to the Service Queue
      </Button>
    </Container>
  );
}

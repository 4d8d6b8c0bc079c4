"""linear_1 in Python: hand Mobile's "Offline sync drops queued edits" to Priya Raman and
move it to In Review.

Runs in the process runtime through the shipped runner (standard library only). Every
requirement is read from this run's before-state: the active user called Priya Raman, the
Mobile team's issue of that title and its In Review state; nothing is remembered from an
earlier run.
"""

TITLE = "Offline sync drops queued edits"
TEAM = "Mobile"
ASSIGNEE = "Priya Raman"
STATE = "In Review"
ISSUE_FIELDS = "id title priority dueDate estimate labelIds parent { id } team { id name } state { id name } assignee { id }"
KEPT = ("title", "priority", "dueDate", "estimate", "labelIds", "parent", "team")


def graphql(client, query, variables=None):
    response = client.graphql(query, variables or {})
    if not response.get("data"):
        errors = response.get("errors") or [{"message": "no data"}]
        raise RuntimeError("query failed: " + errors[0]["message"])
    return response["data"]


def all_nodes(client, field, selection):
    """Every node of a root connection, page by page (one operation per page)."""
    nodes, after = [], None
    while True:
        data = graphql(
            client,
            "query ($after: String) { %s(first: 100, after: $after) { nodes { %s } pageInfo { hasNextPage endCursor } } }"
            % (field, selection),
            {"after": after},
        )
        page = data[field]
        nodes.extend(page["nodes"])
        if not page["pageInfo"]["hasNextPage"]:
            return nodes
        after = page["pageInfo"]["endCursor"]


def ids_of(client, query, variables):
    data = graphql(client, query, variables)
    return [node["id"] for node in next(iter(data.values()))["nodes"]]


def relation_keys(client):
    relations = all_nodes(client, "issueRelations", "type issue { id } relatedIssue { id }")
    return sorted((r["type"], r["issue"]["id"], r["relatedIssue"]["id"]) for r in relations)


def verify(task, before, after):
    issues_before = {issue["id"]: issue for issue in all_nodes(before, "issues", ISSUE_FIELDS)}
    issues_after = {issue["id"]: issue for issue in all_nodes(after, "issues", ISSUE_FIELDS)}
    targets = [i for i in issues_before.values() if i["title"] == TITLE and i["team"]["name"] == TEAM]
    people = ids_of(before, 'query ($name: String!) { users(filter: { name: { eq: $name }, active: { eq: true } }) { nodes { id } } }', {"name": ASSIGNEE})
    states = ids_of(
        before,
        "query ($team: String!, $state: String!) { workflowStates(filter: { name: { eq: $state }, team: { name: { eq: $team } } }) { nodes { id } } }",
        {"team": TEAM, "state": STATE},
    )
    if len(targets) != 1 or len(people) != 1 or len(states) != 1:
        return {
            "verdict": "unknown",
            "explanation": "expected one issue, one active %s and one %s state; found %d, %d, %d"
            % (ASSIGNEE, STATE, len(targets), len(people), len(states)),
        }
    target = targets[0]
    changed = issues_after.get(target["id"])
    if changed is None:
        return {"verdict": "fail", "checks": [{"name": "issue still exists", "ok": False}]}
    others = sorted(
        issue_id
        for issue_id in set(issues_before) | set(issues_after)
        if issue_id != target["id"] and issues_before.get(issue_id) != issues_after.get(issue_id)
    )
    kept = [field for field in KEPT if target[field] != changed[field]]
    checks = [
        {"name": "assigned to the current " + ASSIGNEE, "ok": (changed["assignee"] or {}).get("id") == people[0]},
        {"name": "status is %s › %s" % (TEAM, STATE), "ok": changed["state"]["id"] == states[0], "detail": changed["state"]["name"]},
        {"name": "other fields of the issue kept", "ok": not kept, "detail": ", ".join(kept) or "all kept"},
        {"name": "no other issue changed", "ok": not others, "detail": ", ".join(others) or "none"},
        {"name": "relations unchanged", "ok": relation_keys(before) == relation_keys(after)},
    ]
    return {"verdict": "pass" if all(c["ok"] for c in checks) else "fail", "checks": checks}

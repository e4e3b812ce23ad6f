"""The official Python `openai` package, unmodified, against an agent's /v1: what it saw, as JSON on stdout.

Usage: python openai_python_client.py BASE_URL KEY MODEL FORBIDDEN_MODEL
(BASE_URL ends in /v1; KEY may use MODEL but not FORBIDDEN_MODEL). The spec that runs it checks the JSON.
"""

import json
import sys

import openai
from openai import OpenAI


def refusal(call):
    """The error the client raised for a refused call, as its class and fields say."""
    try:
        call()
    except openai.APIStatusError as error:
        return {
            "error": type(error).__name__,
            "status": error.status_code,
            "code": error.code,
            "param": error.param,
            "type": error.type,
        }
    return {"error": None}


def main():
    base_url, key, model, forbidden_model = sys.argv[1:5]
    # No retries: each answer is the server's first.
    client = OpenAI(base_url=base_url, api_key=key, max_retries=0)
    question = [{"role": "user", "content": "Hi"}]

    models = [entry.id for entry in client.models.list().data]

    whole = client.chat.completions.create(
        model=model,
        messages=[{"role": "system", "content": "Answer in one line."}, *question],
    )

    chunks = list(
        client.chat.completions.create(
            model=model,
            messages=[{"role": "user", "content": "Count"}],
            stream=True,
            stream_options={"include_usage": True},
        )
    )
    with_text = [chunk for chunk in chunks if chunk.choices and chunk.choices[0].delta.content]

    bad_key = OpenAI(base_url=base_url, api_key="mb-00000000-not-a-key", max_retries=0)
    print(
        json.dumps(
            {
                "client": f"openai {openai.__version__} (Python {sys.version.split()[0]})",
                "models": models,
                "whole": {
                    "id": whole.id,
                    "model": whole.model,
                    "content": whole.choices[0].message.content,
                    "finish_reason": whole.choices[0].finish_reason,
                    "usage": whole.usage.model_dump(include={"prompt_tokens", "completion_tokens", "total_tokens"}),
                },
                "streamed": {
                    "ids": sorted({chunk.id for chunk in chunks}),
                    "first_delta_role": chunks[0].choices[0].delta.role,
                    "text": "".join(chunk.choices[0].delta.content or "" for chunk in chunks if chunk.choices),
                    "chunks": len(chunks),
                    "text_chunks": len(with_text),
                    "finish_reason": chunks[-2].choices[0].finish_reason,
                    "last_choices": len(chunks[-1].choices),
                    "usage": chunks[-1].usage.model_dump(
                        include={"prompt_tokens", "completion_tokens", "total_tokens"}
                    ),
                },
                "bad_key": refusal(lambda: bad_key.models.list()),
                "forbidden_model": refusal(
                    lambda: client.chat.completions.create(model=forbidden_model, messages=question)
                ),
                "bad_field": refusal(
                    lambda: client.chat.completions.create(model=model, messages=question, temperature=5)
                ),
            }
        )
    )


main()
